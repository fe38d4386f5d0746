import { renameSync, writeFileSync } from 'node:fs';

/**
 * Write `value` as JSON in one step: to a file beside it, then renamed over it, so a reader (the
 * server re-reading remotes.json, a promote in another process) never sees half a file.
 */
export function writeJsonAtomically(file: string, value: unknown): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temp, file);
}
