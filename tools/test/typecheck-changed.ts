/**
 * Type-checks the packages this branch changed and every package that depends on them
 * (./changed-files.ts says what changed; pnpm's `...<package>` filter adds the dependents). A
 * package nothing touched, directly or through a dependency, had no type errors where the branch
 * left main, and cannot have gained one. A change outside every package (the root tsconfig,
 * package.json, the lockfile) may touch them all: then every package is checked, as `pnpm
 * typecheck` does. `pnpm test:fast` runs it.
 *
 *   pnpm typecheck:changed
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { changedFiles, ROOT } from './changed-files';

interface WorkspacePackage {
  name: string;
  /** Relative to the root, with a trailing slash: `api/contract/`. */
  dir: string;
}

function workspacePackages(): WorkspacePackage[] {
  const listed = spawnSync('pnpm', ['ls', '-r', '--depth', '-1', '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`pnpm ls failed: ${listed.stderr}`);
  return (
    (JSON.parse(listed.stdout) as { name: string; path: string }[])
      .filter((p) => path.resolve(p.path) !== ROOT)
      .map((p) => ({ name: p.name, dir: `${path.relative(ROOT, p.path)}/` }))
      // Longest folder first: a file in api/contract/ belongs to the contract, not to the API.
      .sort((a, b) => b.dir.length - a.dir.length)
  );
}

/** The package a file belongs to, or null for a file outside every package. */
function owner(file: string, packages: WorkspacePackage[]): string | null {
  return packages.find((p) => file.startsWith(p.dir))?.name ?? null;
}

const { base, files } = changedFiles();
const packages = workspacePackages();
const owners = files.map((file) => owner(file, packages));
const everything = owners.includes(null);
const changed = [...new Set(owners.filter((name): name is string => name !== null))];

let args: string[];
if (everything) {
  console.log(
    `typecheck:changed: a file outside the packages changed since ${base.slice(0, 12)}: every package`,
  );
  args = ['-r', 'typecheck'];
} else if (changed.length === 0) {
  console.log(`typecheck:changed: nothing changed since ${base.slice(0, 12)}`);
  process.exit(0);
} else {
  console.log(`typecheck:changed: ${changed.join(', ')} and what depends on them`);
  args = [...changed.flatMap((name) => ['--filter', `...${name}`]), 'typecheck'];
}
const result = spawnSync('pnpm', args, { cwd: ROOT, stdio: 'inherit' });
process.exit(result.status ?? 1);
