import { NEWSLETTER_MESSAGES, type NewsletterPage } from '@jobboard/contract/admin';
import { addDays, isoDate } from '@jobboard/contract/common';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_LEASE } from '../../src/newsletter/newsletter-repository';
import { WEEKLY_DRAFT_LEASE_MS } from '../../src/newsletter/weekly-draft';
import { signedIn } from '../support/admin';
import { FakeGhostAdmin } from '../support/fake-ghost-admin';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The weekly newsletter draft (issue 44, docs/product.md#newsletter): off by default; on, it makes
 * one draft per week at its day and hour (UTC), under the lease, however many processes look, on
 * the app's clock (moved by the test, never waited on). Two processes are two apps on one
 * database, each with its own clock.
 */

let ghost: FakeGhostAdmin;
let key: string;
let t: TestApp;
let other: TestApp;

/** An admin's request, signed in afresh (the test's clock moves weeks: a session would end). */
async function admin(options: InjectOptions) {
  return (await signedIn(t))(options);
}

/** Both processes' clocks at `iso`. */
function at(iso: string): void {
  t.clock.now = new Date(iso);
  other.clock.now = new Date(iso);
}

async function page(): Promise<NewsletterPage> {
  return (await admin({ method: 'GET', url: '/api/admin/newsletter' })).json();
}

beforeAll(async () => {
  ghost = await FakeGhostAdmin.start();
  key = ghost.addIntegration();
  // Sunday 2026-11-22, 12:00 UTC.
  t = await buildTestApp({ env: ghost.env(key) });
  other = await buildTestApp({ env: ghost.env(key), sameDatabaseAs: t });
  // A job posted every day for five weeks: each week's block has some.
  await createJobs(
    t.app,
    Array.from({ length: 35 }, (_, day) => ({
      title: `Organizer ${day + 1}`,
      postedDate: isoDate(addDays(new Date('2026-11-16T12:00:00Z'), day)),
      expiresAt: new Date('2027-03-01T00:00:00Z'),
    })),
  );
});
afterAll(async () => {
  await other.close();
  await t.close();
  await ghost.stop();
});

describe(`the weekly newsletter draft on ${testDatabase}`, () => {
  it('is off by default: no process makes a draft', async () => {
    expect(await t.app.newsletter.runWeeklyDraft()).toEqual({ outcome: 'off' });
    expect(ghost.posts).toHaveLength(0);
  });

  it('once on, makes its first draft at the next such hour, not at once', async () => {
    const res = await admin({
      method: 'PUT',
      url: '/api/admin/newsletter/schedule',
      payload: { on: true, weekday: 'monday', hour: 8 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      on: true,
      weekday: 'monday',
      hour: 8,
      next: '2026-11-23T08:00:00.000Z',
      last: null,
    });
    // Monday 2026-11-16 08:00 had passed when it was turned on: no draft for it.
    expect(await t.app.newsletter.runWeeklyDraft()).toEqual({ outcome: 'not due' });
    at('2026-11-23T07:59:59Z');
    expect(await t.app.newsletter.runWeeklyDraft()).toEqual({ outcome: 'not due' });
    expect(ghost.posts).toHaveLength(0);
  });

  it("makes the week's draft at its hour, once, of the last 7 days", async () => {
    at('2026-11-23T08:00:00Z');
    const made = await t.app.newsletter.runWeeklyDraft();
    expect(made.outcome).toBe('made');
    expect(ghost.posts).toHaveLength(1);
    expect(ghost.posts[0]).toMatchObject({
      title: 'New jobs: November 17, 2026 to November 23, 2026',
      status: 'draft',
    });
    at('2026-11-23T20:00:00Z');
    expect(await t.app.newsletter.runWeeklyDraft()).toEqual({ outcome: 'not due' });
    expect(await other.app.newsletter.runWeeklyDraft()).toEqual({ outcome: 'not due' });
    expect(ghost.posts).toHaveLength(1);
    const { schedule, issues } = await page();
    expect(schedule).toMatchObject({
      next: '2026-11-30T08:00:00.000Z',
      last: { at: '2026-11-23T08:00:00.000Z', issueId: made.issueId, message: null },
    });
    expect(issues[0]).toMatchObject({ id: made.issueId, createdBy: 'schedule' });
  });

  it('makes one draft a week when two processes look at once', async () => {
    at('2026-11-30T08:05:00Z');
    const outcomes = await Promise.all([
      t.app.newsletter.runWeeklyDraft(),
      other.app.newsletter.runWeeklyDraft(),
    ]);
    const [made, lost] = outcomes.sort((a) => (a.outcome === 'made' ? -1 : 1));
    expect(made!.outcome).toBe('made');
    // The other found the lease held, or, had it come a moment later, the week's slot taken.
    expect(['busy', 'not due']).toContain(lost!.outcome);
    expect(ghost.posts).toHaveLength(2);
    expect(await other.app.newsletter.runWeeklyDraft()).toEqual({ outcome: 'not due' });
  });

  it("waits while another process holds the lease, and takes over once the holder's time runs out", async () => {
    at('2026-12-07T08:00:00Z');
    const start = t.clock.now.getTime();
    expect(
      await NEWSLETTER_LEASE.tryAcquire(t.db, 'a process that died', start, WEEKLY_DRAFT_LEASE_MS),
    ).toBe(true);
    expect(await other.app.newsletter.runWeeklyDraft()).toEqual({ outcome: 'busy' });
    expect(ghost.posts).toHaveLength(2);
    at(new Date(start + WEEKLY_DRAFT_LEASE_MS).toISOString());
    expect((await other.app.newsletter.runWeeklyDraft()).outcome).toBe('made');
    expect(ghost.posts).toHaveLength(3);
    expect((await t.db('newsletter_schedule').first('holder')).holder).toBeNull();
  });

  it("is run by each process's scheduler: one started after the hour makes the week's draft by itself", async () => {
    at('2026-12-14T08:30:00Z');
    const started = await buildTestApp({
      env: { ...ghost.env(key), NEWSLETTER_DRAFT_INTERVAL_MINUTES: '15' },
      sameDatabaseAs: t,
      now: t.clock.now,
    });
    try {
      await started.app.newsletter.idle();
      expect(ghost.posts).toHaveLength(4);
      expect((await page()).schedule.last?.at).toBe('2026-12-14T08:30:00.000Z');
    } finally {
      await started.close();
    }
  });

  it('keeps what came of a week Ghost refused the key: nothing recorded, not tried again that week', async () => {
    ghost.revoke(key);
    const issues = (await page()).issues.length;
    at('2026-12-21T09:00:00Z');
    expect(await t.app.newsletter.runWeeklyDraft()).toEqual({
      outcome: 'failed',
      message: NEWSLETTER_MESSAGES.keyRefused,
    });
    at('2026-12-21T10:00:00Z');
    expect(await t.app.newsletter.runWeeklyDraft()).toEqual({ outcome: 'not due' });
    const now = await page();
    expect(now.issues).toHaveLength(issues);
    expect(now.schedule.last).toEqual({
      at: '2026-12-21T09:00:00.000Z',
      issueId: null,
      message: NEWSLETTER_MESSAGES.keyRefused,
    });
    expect(ghost.posts).toHaveLength(4);
  });

  it('moves to another day and hour, and stops when turned off', async () => {
    at('2026-12-22T12:00:00Z');
    const moved = await admin({
      method: 'PUT',
      url: '/api/admin/newsletter/schedule',
      payload: { on: true, weekday: 'friday', hour: 23 },
    });
    expect(moved.json()).toMatchObject({ next: '2026-12-25T23:00:00.000Z' });
    const off = await admin({
      method: 'PUT',
      url: '/api/admin/newsletter/schedule',
      payload: { on: false, weekday: 'friday', hour: 23 },
    });
    expect(off.json()).toMatchObject({ on: false, next: null });
    at('2026-12-26T00:00:00Z');
    expect(await t.app.newsletter.runWeeklyDraft()).toEqual({ outcome: 'off' });
  });

  it('refuses a day or an hour that is none', async () => {
    for (const payload of [
      { on: true, weekday: 'someday', hour: 8 },
      { on: true, weekday: 'monday', hour: 24 },
      { on: true, weekday: 'monday', hour: 7.5 },
    ]) {
      const res = await admin({ method: 'PUT', url: '/api/admin/newsletter/schedule', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
