// The workspace's packages as pnpm-workspace.yaml lists them, read once: the lint's boundaries and
// import cycles (tools/eslint/) and the fast loop's test selection (tools/test/affected.ts) all
// resolve `@jobboard/...` imports through them.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root folder. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Each package: its name, its folder (repository-relative) and its exports, subpath ('.',
 * './jobs') -> the repository-relative file it points at (undefined for a condition object with
 * neither `import` nor `default`). Longest folder first, so api/contract is found before api.
 *
 * @returns {{ name: string, dir: string, exports: Map<string, string | undefined> }[]}
 */
function readWorkspacePackages() {
  const folders = [
    ...readFileSync(path.join(ROOT, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s+-\s+(\S+)/gm),
  ].map((match) => match[1]);
  return folders
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
      const entries = typeof pkg.exports === 'object' ? pkg.exports : { '.': pkg.exports };
      const exports = new Map(
        Object.entries(entries).map(([subpath, target]) => {
          const file = typeof target === 'string' ? target : (target?.import ?? target?.default);
          return [subpath, file ? path.posix.join(dir, file) : undefined];
        }),
      );
      return { name: pkg.name, dir, exports };
    })
    .sort((a, b) => b.dir.length - a.dir.length);
}

export const WORKSPACE_PACKAGES = readWorkspacePackages();

/** The package a specifier names (`@jobboard/contract/jobs`), with the subpath it asks for. */
export function packageOfSpecifier(specifier) {
  const pkg = WORKSPACE_PACKAGES.find(
    (p) => specifier === p.name || specifier.startsWith(`${p.name}/`),
  );
  return (
    pkg && { pkg, subpath: specifier === pkg.name ? '.' : `.${specifier.slice(pkg.name.length)}` }
  );
}
