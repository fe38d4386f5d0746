import { NEWSLETTER_MESSAGES } from '@jobboard/contract/admin';
import { addDays, isoDate } from '@jobboard/contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../support/api-process';
import { runJobboard } from '../support/cli';
import { FakeGhostAdmin } from '../support/fake-ghost-admin';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * `jobboard newsletter draft` (`pnpm --filter @jobboard/api newsletter:draft`), as an operator or
 * cron runs it: a process of its own on the real clock, so the jobs are posted in the real last
 * days. Ghost is the stand-in that checks each token as Ghost does (support/fake-ghost-admin.ts).
 */

let ghost: FakeGhostAdmin;
let key: string;
let t: TestApp;
// real-clock: the command is a process of its own on the real clock; its default range is the last 7 days of it.
const realNow = new Date();
const today = isoDate(realNow);

beforeAll(async () => {
  buildOnce();
  ghost = await FakeGhostAdmin.start();
  key = ghost.addIntegration();
  t = await buildTestApp({ now: realNow });
  await createJobs(t.app, [
    { title: 'Field Organizer', postedDate: today, categories: ['Organizing'] },
    { title: 'Grant Writer', postedDate: isoDate(addDays(realNow, -3)) },
  ]);
});
afterAll(async () => {
  await t.close();
  await ghost.stop();
});

const issues = () => t.db('newsletter_issues').orderBy('id');

describe(`jobboard newsletter draft on ${testDatabase}`, () => {
  it('makes the draft in Ghost, records the issue and says where to edit it', async () => {
    const run = await runJobboard(
      ['newsletter', 'draft', '--intro', 'Hello from the board.'],
      t.config.database,
      ghost.env(key),
    );
    expect(run.code, run.output).toBe(0);
    const [post] = ghost.posts;
    expect(post).toMatchObject({ status: 'draft', source: 'html' });
    expect(post!.html).toContain('<p>Hello from the board.</p>');
    expect(post!.html).toContain('Field Organizer</a>');
    expect(post!.html).toContain('Grant Writer</a>');
    expect(run.output).toContain(
      `Newsletter draft made in Ghost: "${post!.title}", 2 job(s), 0 of them listing(s) that bought the newsletter.`,
    );
    expect(run.output).toContain(`${ghost.url}/ghost/#/editor/post/${post!.id}`);
    expect(await issues()).toMatchObject([
      { created_by: 'command line', range_to: today, ghost_post_id: post!.id },
    ]);
  });

  it('takes a range, and refuses a date that is none in the contract words', async () => {
    const from = isoDate(addDays(realNow, -1));
    const ranged = await runJobboard(
      ['newsletter', 'draft', '--from', from, '--to', today],
      t.config.database,
      ghost.env(key),
    );
    expect(ranged.code, ranged.output).toBe(0);
    expect(ghost.posts[1]!.html).toContain('Field Organizer</a>');
    expect(ghost.posts[1]!.html).not.toContain('Grant Writer</a>');

    const backwards = await runJobboard(
      ['newsletter', 'draft', '--from', today, '--to', from],
      t.config.database,
      ghost.env(key),
    );
    expect(backwards.code).toBe(1);
    expect(backwards.output).toContain(`--from: ${NEWSLETTER_MESSAGES.rangeOrder}`);
    expect(ghost.posts).toHaveLength(2);
  });

  it('says so when Ghost is not set up, or refuses the key: exit 1, nothing recorded', async () => {
    const unset = await runJobboard(['newsletter', 'draft'], t.config.database);
    expect(unset.code).toBe(1);
    expect(unset.output).toContain(NEWSLETTER_MESSAGES.notConfigured);

    ghost.revoke(key);
    const revoked = await runJobboard(['newsletter', 'draft'], t.config.database, ghost.env(key));
    expect(revoked.code).toBe(1);
    expect(revoked.output).toContain(NEWSLETTER_MESSAGES.keyRefused);
    // Neither the key nor its secret is ever printed.
    expect(revoked.output).not.toContain(key.split(':')[1]);
    expect(await issues()).toHaveLength(2);
    expect(ghost.posts).toHaveLength(2);
  });
});
