import { spawn } from 'node:child_process';
import type { DatabaseConfig } from '../../src/platform/config';
import { API_DIR } from './paths';

/**
 * `jobboard <args>` as cron or an operator runs it: the built CLI (`dist/cli.js`, see
 * `buildOnce`) in a process of its own, on `database`, with the environment a production host
 * gives it (plus `env`). Resolves with its exit code and everything it wrote.
 */
export function runJobboard(
  args: string[],
  database: DatabaseConfig,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/cli.js', ...args], {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH!,
        ...(database.client === 'postgres'
          ? { DATABASE_URL: database.connectionString }
          : { SQLITE_FILE: database.filename }),
        SEED_DEMO: 'false',
        PUBLIC_URL: 'https://jobs.example.org',
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('close', (code) => resolve({ code, output }));
  });
}
