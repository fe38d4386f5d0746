import { readdirSync } from 'node:fs';
import path from 'node:path';
import { API_DIR } from './paths';

/**
 * The tests that read the API's files (its sources, migrations or tests) import this module:
 * `pnpm test:fast` runs each of them after any change to the API (tools/test/affected.ts).
 */
export { API_DIR };

/** api/src, whose files the tests of where code lives read. */
export const SRC = path.join(API_DIR, 'src');

/** Every .ts file below `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** A file's path below api/src, with forward slashes (`sync/sync-repository.ts`). */
export const srcPath = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
