import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The version of the contract this API was built with: its package.json, found from one of its
 * entries as Node resolves them (the workspace's package in a checkout, the bundle's
 * node_modules/@jobboard/contract in a bundle); the package exports no package.json of its own.
 */
export function contractVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@jobboard/contract/common')));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@jobboard/contract' && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("The contract's package.json was not found.");
    dir = parent;
  }
}
