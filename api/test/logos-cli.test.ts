import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config';
import { LOGO_REFUSALS } from '../src/logos/logo-fetch';
import { buildOnce } from './support/api-process';
import { createJobs } from './support/jobs';
import { buildTestApp, testDatabase, type TestApp } from './support/test-app';

/**
 * `jobboard logos fetch [--retry]`, the backfill of the logos of jobs from before logos were
 * stored. Its addresses are refused before any connection (a loopback literal, a name that is
 * not public), so it needs no network; logos.test.ts fetches real pictures.
 */

let t: TestApp;
beforeAll(async () => {
  buildOnce();
  t = await buildTestApp();
});
afterAll(() => t.close());

function logosFetch(args: string[], database: DatabaseConfig) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['dist/cli.js', 'logos', 'fetch', ...args], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        PATH: process.env.PATH!,
        ...(database.client === 'postgres'
          ? { DATABASE_URL: database.connectionString }
          : { SQLITE_FILE: database.filename }),
        SEED_DEMO: 'false',
        PUBLIC_URL: 'https://jobs.example.org',
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe(`jobboard logos fetch on ${testDatabase}`, () => {
  it('tries each logo waiting once, says why one is not taken, and tries it again with --retry', async () => {
    await createJobs(t.app, [
      { title: 'Old job', organization: 'Loopback Org', logoUrl: 'https://127.0.0.1/logo.png' },
    ]);

    const first = await logosFetch([], t.config.database);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('Logos: 0 stored, 1 not taken');
    expect(first.output).toContain(`https://127.0.0.1/logo.png: ${LOGO_REFUSALS.address}`);

    const again = await logosFetch([], t.config.database);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('Logos: 0 stored, 0 not taken.');

    const retried = await logosFetch(['--retry'], t.config.database);
    expect(retried.code, retried.output).toBe(0);
    expect(retried.output).toContain('Logos: 0 stored, 1 not taken');
  });
});
