import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/platform/config';
import { LOGO_REFUSALS } from '../../src/logos/logo-fetch';
import { buildOnce } from '../support/api-process';
import { runJobboard } from '../support/cli';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

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

const logosFetch = (args: string[], database: DatabaseConfig) =>
  runJobboard(['logos', 'fetch', ...args], database);

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
