// The import cycles of the API and the contract, for the `boundaries/no-cycle` rule. A cycle
// between modules makes one of them run against the other's half-built exports, and a pair of
// slices that need each other is one slice cut in two. Type-only imports are left out: they are
// erased at build and order nothing at run time.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { packageOfSpecifier, ROOT } from '../workspace-packages.js';

/** The folders whose modules must form no cycle. */
export const ACYCLIC_ROOTS = ['api/src', 'api/contract/src'];

const EXTENSIONS = ['', '.ts', '.mjs', '.js', '/index.ts'];

/** The file an import leads to, when it is one of ours ('@jobboard/contract/x' or relative). */
export function resolveModule(specifier, fromFile) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else {
    // Of the workspace's packages, only the contract is inside the acyclic roots.
    const named = packageOfSpecifier(specifier);
    const target = named?.pkg.dir === 'api/contract' && named.pkg.exports.get(named.subpath);
    return target ? path.join(ROOT, target) : undefined;
  }
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (/\.(ts|mjs|js)$/.test(file) && existsSync(file)) return file;
  }
  return undefined;
}

/** The modules a file imports for their values (no `import type`, no all-`type` list). */
export function valueImports(sourceFile) {
  const specifiers = [];
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0
          ? named.elements.every((element) => element.isTypeOnly)
          : false;
      if (!onlyTypes) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      const named = statement.exportClause;
      if (named && ts.isNamedExports(named) && named.elements.every((e) => e.isTypeOnly)) continue;
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

function modulesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : modulesUnder(full);
    return /\.(ts|mjs)$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [full] : [];
  });
}

let graph;
/** Each module of the acyclic roots -> the modules it imports for their values; built once. */
export function acyclicModuleGraph() {
  if (graph) return graph;
  graph = new Map();
  for (const root of ACYCLIC_ROOTS) {
    for (const file of modulesUnder(path.join(ROOT, root))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
      graph.set(
        file,
        valueImports(source)
          .map((specifier) => resolveModule(specifier, file))
          .filter(Boolean),
      );
    }
  }
  return graph;
}

export const inAcyclicRoot = (file) =>
  ACYCLIC_ROOTS.some((root) => file.startsWith(path.join(ROOT, root) + path.sep));

/**
 * The way back from `target` to `file` when `file` imports `target` (its own imports being
 * `fileImports`, as the linted text has them): the cycle that import closes, or undefined.
 */
export function cycleThrough(file, target, fileImports) {
  const modules = acyclicModuleGraph();
  const edges = (module) => (module === file ? fileImports : (modules.get(module) ?? []));
  const cameFrom = new Map([[target, undefined]]);
  const queue = [target];
  while (queue.length > 0) {
    const module = queue.shift();
    if (module === file) {
      const way = [];
      for (let at = file; at !== undefined; at = cameFrom.get(at)) way.unshift(at);
      return [file, ...way].map((m) => path.relative(ROOT, m).split(path.sep).join('/'));
    }
    for (const next of edges(module)) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, module);
        queue.push(next);
      }
    }
  }
  return undefined;
}
