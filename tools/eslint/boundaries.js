// The import boundaries of docs/architecture.md ("Boundaries"), as one ESLint rule. It judges
// where an import leads (resolved against the importing file and the workspace's packages), not
// how it is spelled: `../api/save-job` inside a feature and `../../api/contract/src` from e2e look
// alike to a pattern, but only the second leaves its package.
import path from 'node:path';
import { packageOfSpecifier, ROOT, WORKSPACE_PACKAGES } from '../workspace-packages.js';
import { cycleThrough, inAcyclicRoot, resolveModule } from './import-cycles.js';

const packageOfPath = (relative) =>
  WORKSPACE_PACKAGES.find((p) => relative === p.dir || relative.startsWith(`${p.dir}/`));

const isRemote = (pkg) => pkg?.dir.startsWith('mfe-');

/** `<app>/src/features/<name>/...` -> the app's folder and the feature's name. */
function featureOf(relative) {
  const match = /^([^/]+)\/src\/features\/([^/]+)\//.exec(relative);
  return match ? { app: match[1], name: match[2] } : undefined;
}

/**
 * The API's layout (api/src/README.md): the platform (api/src/platform/), the slices (every other
 * folder of api/src) and the roots that assemble them (app.ts, server.ts, tooling.ts).
 */
const API_SRC = /^api\/src\/([^/]+)(\/)?/;

/** The slice an API file belongs to: `jobs` for api/src/jobs/...; undefined for the rest. */
function apiSliceOf(relative) {
  const match = API_SRC.exec(relative);
  return match && match[2] && match[1] !== 'platform' ? match[1] : undefined;
}

const inPlatform = (relative) => relative.startsWith('api/src/platform/');

/** A slice's face: the index.ts of its folder, which names what other slices may import. */
const isFace = (relative, slice) =>
  relative === `api/src/${slice}` || relative === `api/src/${slice}/index`;

/** Where an import leads: a file or folder of the repository, or a package outside it. */
function resolveImport(specifier, fromFile) {
  if (specifier.startsWith('.')) {
    const target = path.relative(ROOT, path.resolve(path.dirname(fromFile), specifier));
    return { path: target, pkg: packageOfPath(target), relative: true };
  }
  const named = packageOfSpecifier(specifier);
  if (!named) return { external: specifier };
  const { pkg, subpath } = named;
  return { path: path.join(pkg.dir, subpath), pkg, subpath, relative: false };
}

/** The first boundary an import crosses, as a message; undefined when it crosses none. */
export function boundaryProblem(specifier, filename) {
  const fromPath = path.relative(ROOT, filename).split(path.sep).join('/');
  const from = packageOfPath(fromPath);
  if (!from || fromPath.startsWith('..')) return undefined;
  const to = resolveImport(specifier, filename);

  if (fromPath.startsWith('api/contract/src/') && !fromPath.includes('/__tests__/')) {
    const inside = to.pkg === from && to.relative;
    // semver one function at a time (`semver/functions/satisfies`): the release check runs in
    // the shell's bundle, and the package's main entry carries every function and class along.
    const semverFunction = /^semver\/(functions|ranges)\/[a-z-]+$/.test(to.external ?? '');
    if (!inside && to.external !== 'superstruct' && !semverFunction) {
      return `The contract imports nothing but superstruct and semver's single functions (and its own files): not '${specifier}'.`;
    }
  }
  if (fromPath.startsWith('api/migrations/')) {
    const inside = to.relative && to.path.startsWith('api/migrations/');
    if (!inside && !to.external) {
      return `A migration is history: it imports nothing of the application ('${specifier}'). Copy the few lines it needs into it.`;
    }
  }
  if (to.external) return undefined;
  if (isRemote(from) && isRemote(to.pkg) && to.pkg !== from) {
    return `A remote never imports another remote (${from.dir} -> ${to.pkg.dir}): share through shared-ui or the contract.`;
  }
  if (from.dir === 'shell' && isRemote(to.pkg)) {
    return `The shell imports no remote (${to.pkg.dir}): remotes are loaded at run time (remotes.json).`;
  }
  const fromFeature = featureOf(fromPath);
  const toFeature = featureOf(`${to.path}/`);
  if (
    fromFeature &&
    toFeature &&
    fromFeature.app === toFeature.app &&
    fromFeature.name !== toFeature.name
  ) {
    return `A feature never imports another feature (${fromFeature.name} -> ${toFeature.name}): compose them in src/app, or move what both need to src/lib.`;
  }
  const fromSlice = apiSliceOf(fromPath);
  const toSlice = apiSliceOf(to.path);
  if (inPlatform(fromPath) && to.path.startsWith('api/src/') && !inPlatform(to.path)) {
    return `The platform knows no slice (${fromPath.replace(/^api\/src\//, '')} -> ${to.path.replace(/^api\/src\//, '')}): let the slice register what the platform needs from it, as the secret links, metrics and the session store are.`;
  }
  if (fromSlice && toSlice && fromSlice !== toSlice && !isFace(to.path, toSlice)) {
    return `A slice imports another slice only through its face (${fromSlice} -> ${to.path.replace(/^api\/src\//, '')}): import '${path.posix.relative(path.posix.dirname(fromPath), `api/src/${toSlice}`)}' (${toSlice}/index.ts), and add there what ${toSlice} offers.`;
  }
  if (to.relative && to.pkg !== from) {
    return `'${specifier}' reaches into ${to.pkg ? to.pkg.name : 'a folder outside any package'}: import a package by its name, through its exports.`;
  }
  if (!to.relative && !to.pkg.exports.has(to.subpath)) {
    return `'${specifier}' is not an export of ${to.pkg.name}: import what its package.json "exports" lists.`;
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports stay within the boundaries of docs/architecture.md.' },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const problem = boundaryProblem(source.value, context.filename);
      if (problem) context.report({ node: source, message: problem });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** Whether a declaration imports values (not `import type`, nor a list of `type` names only). */
function importsValues(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return false;
  const names = node.specifiers ?? [];
  const kind = (specifier) => specifier.importKind ?? specifier.exportKind;
  return names.length === 0 || names.some((specifier) => kind(specifier) !== 'type');
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle in the API or the contract (import-cycles.js).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!inAcyclicRoot(file)) return {};
    const imports = [];
    const collect = (node) => {
      if (node.source?.type !== 'Literal' || !importsValues(node)) return;
      const target = resolveModule(node.source.value, file);
      if (target) imports.push({ node: node.source, target });
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      'Program:exit'() {
        const targets = imports.map(({ target }) => target);
        for (const { node, target } of imports) {
          const cycle = cycleThrough(file, target, targets);
          if (cycle) {
            context.report({
              node,
              message: `This import closes an import cycle (${cycle.join(' -> ')}): move what both need to a module of its own, or let one side hand the other what it needs.`,
            });
          }
        }
      },
    };
  },
};

export default { rules: { imports: importBoundaries, 'no-cycle': noCycle } };
