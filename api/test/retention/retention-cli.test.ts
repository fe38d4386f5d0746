import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/platform/db/migrations';
import { buildOnce } from '../support/api-process';
import { runJobboard } from '../support/cli';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/** `jobboard retention run` (`pnpm --filter @jobboard/api retention:run`), as cron runs it. */

const DAY_MS = 24 * 60 * 60_000;
let t: TestApp;
beforeAll(async () => {
  buildOnce();
  // real-clock: the command is a process of its own and runs on the real clock: the alert below is asked for three days before it.
  t = await buildTestApp({ now: new Date(Date.now() - 3 * DAY_MS) });
});
afterAll(() => t.close());

describe(`jobboard retention run on ${testDatabase}`, () => {
  it('deletes an alert left unconfirmed past its 48 hours, and says what it removed', async () => {
    const res = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/alerts',
      payload: { email: 'never-confirmed@example.org', frequency: 'weekly', search: '?q=grants' },
    });
    expect(res.statusCode).toBe(201);
    expect(await t.db('job_alerts').where({ status: 'pending' })).toHaveLength(1);

    const run = await runJobboard(['retention', 'run'], t.config.database);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('1 unconfirmed job alert(s) deleted (older than 48 hours)');
    expect(await t.db('job_alerts')).toHaveLength(0);
  });

  it('refuses to work on a schema behind its release, naming the command that migrates it', async () => {
    const last = migrations.at(-1)!.name;
    const [row] = await t.db('knex_migrations').where({ name: last });
    await t.db('knex_migrations').where({ name: last }).delete();
    try {
      const run = await runJobboard(['retention', 'run'], t.config.database);
      expect(run.code).toBe(1);
      expect(run.output).toContain('schema behind: 1 migration pending');
      expect(run.output).toContain('jobboard migrate');
      // It did not migrate behind the operator's back.
      expect(await t.db('knex_migrations').where({ name: last })).toHaveLength(0);
    } finally {
      await t.db('knex_migrations').insert(row);
    }
  });
});
