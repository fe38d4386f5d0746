import { execFileSync } from 'node:child_process';
import os from 'node:os';
import sqlite3 from 'sqlite3';

/** One line saying what the figures were measured on. */
export async function describeMachine(): Promise<string> {
  const cpus = os.cpus();
  const sqliteVersion = await new Promise<string>((resolve) => {
    const db = new sqlite3.Database(':memory:');
    db.get('SELECT sqlite_version() AS v', (error, row: { v?: string } | undefined) => {
      db.close();
      resolve(error ? 'unknown' : (row?.v ?? 'unknown'));
    });
  });
  const version = (command: string, args: string[]) => {
    try {
      return execFileSync(command, args, { encoding: 'utf8' }).trim().split('\n')[0]!;
    } catch {
      return 'not found';
    }
  };
  const postgres = version('/usr/lib/postgresql/15/bin/postgres', ['--version']);
  return [
    `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
    `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    `${os.type()} ${os.release()}`,
    `Node ${process.version}`,
    `SQLite ${sqliteVersion}`,
    postgres,
    version('chromium', ['--version']),
  ].join(', ');
}
