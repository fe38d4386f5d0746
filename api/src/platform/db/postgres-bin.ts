import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder of one of PostgreSQL's programs (pg_dump and pg_restore for backups; initdb and pg_ctl
 * for the tests' throw-away clusters): PG_BIN, else the newest /usr/lib/postgresql/<version>/bin
 * that has it (Debian's layout; the newest pg_dump dumps every older server), else pg_config's.
 */
export function postgresBinDir(program: string): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = path.join(base, version, 'bin');
      if (existsSync(path.join(dir, program))) return dir;
    }
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'PostgreSQL binaries not found: install PostgreSQL 15 or set PG_BIN to its bin folder',
    );
  }
}
