import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../support/api-process';
import { runJobboard } from '../support/cli';
import { jobInput } from '../support/jobs';
import { startLinkServer, type LinkServer } from '../support/link-servers';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * `jobboard links check` (`pnpm --filter @jobboard/api links:check`), as cron runs it (issue 45):
 * a process of its own with the production guard, which no test setting loosens there, so a link
 * to this machine is refused, recorded as such and never called.
 */

let t: TestApp;
let site: LinkServer;
beforeAll(async () => {
  buildOnce();
  // real-clock: the command is a process of its own and runs on the real clock.
  t = await buildTestApp({ now: new Date() });
  site = await startLinkServer();
});
afterAll(async () => {
  await t.close();
  await site.close();
});

describe(`jobboard links check on ${testDatabase}`, () => {
  it('checks the links due, refusing one to this machine without calling it, and says so', async () => {
    const jobId = await t.app.jobs.create(
      jobInput({ applicationUrl: `${site.origin}/s/404` }),
      t.app.now(),
    );
    const run = await runJobboard(['links', 'check'], t.config.database);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(
      'Link checks: 1 link(s) checked with 0 request(s) to 0 host(s), 0 flagged, 0 working again',
    );
    expect(site.hits).toEqual([]);
    const check = (await t.app.linkChecks.lastChecks([jobId])).get(jobId);
    expect(check).toMatchObject({ result: 'guard', failures: 0, flagged: false });
    // Nothing more is due until tomorrow.
    const again = await runJobboard(['links', 'check'], t.config.database);
    expect(again.output).toContain('Link checks: 0 link(s) checked');
  });
});
