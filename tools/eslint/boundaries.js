// The import boundaries of docs/architecture.md ("Boundaries"), as one ESLint rule. It judges
// where an import leads (resolved against the importing file and the workspace's packages), not
// how it is spelled: `../api/save-job` inside a feature and `../../api/contract/src` from e2e look
// alike to a pattern, but only the second leaves its package.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The workspace's packages (pnpm-workspace.yaml): name, folder and the subpaths they export. */
function workspacePackages() {
  const folders = [
    ...readFileSync(path.join(ROOT, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s+-\s+(\S+)/gm),
  ].map((match) => match[1]);
  return folders
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
      const exports = typeof pkg.exports === 'object' ? Object.keys(pkg.exports) : ['.'];
      return { name: pkg.name, dir, exports: new Set(exports) };
    })
    .sort((a, b) => b.dir.length - a.dir.length); // api/contract before api
}

const PACKAGES = workspacePackages();

const packageOfPath = (relative) =>
  PACKAGES.find((p) => relative === p.dir || relative.startsWith(`${p.dir}/`));

const isRemote = (pkg) => pkg?.dir.startsWith('mfe-');

/** `<app>/src/features/<name>/...` -> the app's folder and the feature's name. */
function featureOf(relative) {
  const match = /^([^/]+)\/src\/features\/([^/]+)\//.exec(relative);
  return match ? { app: match[1], name: match[2] } : undefined;
}

/**
 * The API's folders that are no domain: its infrastructure (plugins, http, db) and the operators'
 * commands (cli, seed, backup), which build what they need without the app.
 */
const API_NOT_DOMAINS = new Set(['platform', 'cli', 'seed', 'backup']);

/** The domain an API file belongs to (`api/src/<domain>/...`); undefined outside any. */
function apiDomainOf(relative) {
  const match = /^api\/src\/([^/]+)\//.exec(relative);
  return match && !API_NOT_DOMAINS.has(match[1]) ? match[1] : undefined;
}

/** A domain's repository: `*-repository` or a file of its `repositories/` folder. */
const isRepository = (relative) =>
  /^api\/src\/[^/]+\/(?:.+\/)?(?:[^/]+-repository|repositories\/[^/]+)(?:\.[cm]?[jt]s)?$/.test(
    relative,
  );

/** Where an import leads: a file or folder of the repository, or a package outside it. */
function resolveImport(specifier, fromFile) {
  if (specifier.startsWith('.')) {
    const target = path.relative(ROOT, path.resolve(path.dirname(fromFile), specifier));
    return { path: target, pkg: packageOfPath(target), relative: true };
  }
  const pkg = PACKAGES.find((p) => specifier === p.name || specifier.startsWith(`${p.name}/`));
  if (!pkg) return { external: specifier };
  const subpath = specifier === pkg.name ? '.' : `.${specifier.slice(pkg.name.length)}`;
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
  const fromDomain = apiDomainOf(fromPath);
  const toDomain = apiDomainOf(`${to.path}`);
  if (fromDomain && toDomain && fromDomain !== toDomain && isRepository(to.path)) {
    return `A domain never reaches into another domain's repository (${fromDomain} -> ${to.path.replace(/^api\/src\//, '')}): ask the ${toDomain} domain's service, which its plugin puts on app.`;
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

export default { rules: { imports: importBoundaries } };
