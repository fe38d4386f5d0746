import { UNKNOWN_FIELD } from '@jobboard/contract/common';
import {
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_REASONS,
  reportReasonLabel,
} from '@jobboard/contract/jobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/platform/rate-limits';
import { injectWithProof } from '../support/human-proof';
import { createJobs } from '../support/jobs';
import { reportBoard, type ReportBoard } from '../support/reports';
import { testDatabase } from '../support/test-app';

/**
 * Reporting a listing (issue 45, docs/product.md#reports), the visitor's side: each reason stored
 * and counted per reason in the admin's queue; bad input refused with its message and nothing
 * stored; one open report per client and listing (an IPv6 /64 is one client, whatever the agent);
 * the threshold of independent reports taking a listing off the board (never deleting it) with
 * a history line naming them; the limits per client and per listing. The admin's decisions and
 * the e-mails: report-review.test.ts.
 */

let b: ReportBoard;
beforeAll(async () => {
  b = await reportBoard();
});
afterAll(() => b.close());
beforeEach(() => b.setThreshold(REPORT_LIMITS.defaultThreshold));

const reportsOf = (jobId: number) => b.t.db('listing_reports').where({ job_id: jobId });

describe(`reporting a listing on ${testDatabase}`, () => {
  it('takes each reason, with a note and an address or without, and counts them per reason', async () => {
    await b.setThreshold(0);
    const [job, other] = await b.jobs('Every Reason Role', 'Twice Scam Role');
    for (const { value } of REPORT_REASONS) {
      const res = await b.report(job!, {
        reason: value,
        note: `  Note about ${value}.  `,
        email: value === 'scam' ? 'reader@example.org' : '',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({
        message: value === 'scam' ? REPORT_MESSAGES.receivedWithEmail : REPORT_MESSAGES.received,
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    await b.reported(other!, 'scam');
    await b.reported(other!, 'scam');

    const queue = await b.queue();
    expect(queue.threshold).toBe(0);
    const first = queue.listings.find((l) => l.jobId === String(job));
    const second = queue.listings.find((l) => l.jobId === String(other));
    // Most reports first.
    expect(queue.listings.indexOf(first!)).toBeLessThan(queue.listings.indexOf(second!));
    expect(first).toMatchObject({
      jobId: String(job),
      title: 'Every Reason Role',
      state: 'live',
      hiddenAt: null,
      openReports: REPORT_REASONS.length,
      reasons: REPORT_REASONS.map(({ value }) => ({ reason: value, count: 1 })),
    });
    // Newest first, the note trimmed; the address kept until the report is decided.
    expect(first!.reports.map((r) => r.reason)).toEqual(
      REPORT_REASONS.map((r) => r.value).reverse(),
    );
    expect(first!.reports.at(-1)).toMatchObject({
      note: 'Note about scam.',
      email: 'reader@example.org',
    });
    expect(first!.reports[0]).toMatchObject({ note: 'Note about other.', email: null });
    expect(second).toMatchObject({
      jobId: String(other),
      openReports: 2,
      reasons: [{ reason: 'scam', count: 2 }],
    });
    expect(reportReasonLabel('wrong_information')).toBe('Wrong information');
  });

  it('refuses bad input with a clear message, and stores nothing', async () => {
    const [job] = await b.jobs('Bad Input Role');
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { reason: REPORT_MESSAGES.reason }],
      [{ reason: 'spam' }, { reason: REPORT_MESSAGES.reason }],
      [
        { reason: 'scam', note: 'x'.repeat(REPORT_LIMITS.note + 1) },
        { note: REPORT_MESSAGES.note },
      ],
      [{ reason: 'scam', note: 42 }, { note: REPORT_MESSAGES.note }],
      [{ reason: 'scam', email: 'not an address' }, { email: REPORT_MESSAGES.email }],
      [{ reason: 'scam', email: 'a@b.org, c@d.org' }, { email: REPORT_MESSAGES.email }],
      [{ reason: 'scam', source: 'x' }, { source: UNKNOWN_FIELD }],
    ];
    for (const [body, fields] of cases) {
      const res = await b.report(job!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    expect(await reportsOf(job!)).toEqual([]);
  });

  it('takes a report only of a listing on the board', async () => {
    const closed = Number(
      (await createJobs(b.t.app, [{ title: 'Closed Role', active: false }]))['Closed Role'],
    );
    const ended = Number(
      (
        await createJobs(b.t.app, [
          { title: 'Ended Role', expiresAt: new Date('2026-11-01T00:00:00Z') },
        ])
      )['Ended Role'],
    );
    for (const id of [closed, ended, 999_999]) {
      const res = await b.report(id, { reason: 'closed' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: REPORT_MESSAGES.notOnBoard });
    }
    const wrong = await injectWithProof(b.t.app, {
      method: 'POST',
      url: '/api/jobs/abc/reports',
      payload: { reason: 'scam' },
    });
    expect(wrong.statusCode).toBe(404);
    expect(await reportsOf(closed)).toEqual([]);
  });

  it('counts one open report per client and listing, whatever its agent or address in its /64', async () => {
    await b.setThreshold(0);
    const [job, other] = await b.jobs('Once Per Client Role', 'Other Listing Role');
    const send = (address: string, agent: string, jobId = job!) =>
      injectWithProof(b.t.app, {
        method: 'POST',
        url: `/api/jobs/${jobId}/reports`,
        payload: { reason: 'wrong_information' },
        remoteAddress: address,
        headers: { 'user-agent': agent },
      });
    expect((await send('2001:db8:45::1', 'Firefox')).statusCode).toBe(201);
    for (const [address, agent] of [
      ['2001:db8:45::1', 'Safari'],
      ['2001:db8:45:0:ffff::2', 'Firefox'],
    ]) {
      const again = await send(address!, agent!);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: REPORT_MESSAGES.alreadyReported });
    }
    // Another listing, and another client, are other reports.
    expect((await send('2001:db8:45::1', 'Firefox', other)).statusCode).toBe(201);
    expect((await send('2001:db8:46::1', 'Firefox')).statusCode).toBe(201);
    const rows = await reportsOf(job!);
    expect(rows).toHaveLength(2);
    // The client is kept only as a keyed hash: no address in the table.
    for (const row of rows) {
      expect(row.open_client).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain('2001:db8');
    }
    // Once decided, the same client may report the listing again.
    expect((await b.decide(job!, 'dismiss')).statusCode).toBe(200);
    expect((await send('2001:db8:45::1', 'Firefox')).statusCode).toBe(201);
  });

  it('takes a listing off the board at the threshold of independent reports, never deleting it', async () => {
    const [job] = await b.jobs('Threshold Role');
    await b.reported(job!, 'scam', { note: 'Asks for a fee to apply.' });
    await b.reported(job!, 'scam');
    expect(await b.onBoard(job!)).toBe(true);
    await b.reported(job!, 'wrong_information');
    expect(await b.onBoard(job!)).toBe(false);
    // Kept, switched off, with its history line naming the reports, by the system.
    const stored = await b.admin({ url: `/api/admin/jobs/${job}` });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().active).toBe(false);
    const ids = (await reportsOf(job!).orderBy('id')).map((r: { id: number }) => r.id);
    const line = (await b.historyOf(job!)).at(-1)!;
    expect(line).toMatchObject({
      kind: 'deactivated',
      actor: 'system',
      summary: `Taken off the board after reports: hidden pending review after 3 reports from different visitors (#${ids[0]} Scam or asks for money, #${ids[1]} Scam or asks for money, #${ids[2]} Wrong information)`,
    });
    // Off the board: nothing more to report.
    const late = await b.report(job!, { reason: 'other' });
    expect(late.statusCode).toBe(404);
    const listing = (await b.queue()).listings.find((l) => l.jobId === String(job))!;
    expect(listing).toMatchObject({ state: 'hidden', hiddenBy: 'system', openReports: 3 });
    expect(listing.hiddenAt).not.toBeNull();
  });

  it('hides once when the reports that reach the threshold arrive together', async () => {
    const [job] = await b.jobs('Together Role');
    const answers = await Promise.all(
      ['scam', 'discriminatory', 'other'].map((reason) => b.report(job!, { reason })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(await b.onBoard(job!)).toBe(false);
    const hidden = (await b.historyOf(job!)).filter((line) =>
      line.summary.startsWith('Taken off the board after reports'),
    );
    expect(hidden).toHaveLength(1);
  });

  it('a lowered threshold takes off at once every live listing whose open reports reach it; raising it restores nothing', async () => {
    await b.setThreshold(5);
    const [one, two, three, closed] = await b.jobs(
      'One Report Role',
      'Two Reports Role',
      'Three Reports Role',
      'Closed Meanwhile Role',
    );
    const counts = [
      [one!, 1],
      [two!, 2],
      [three!, 3],
      [closed!, 3],
    ] as const;
    for (const [job, n] of counts) {
      for (let i = 0; i < n; i += 1) await b.reported(job, i === 0 ? 'scam' : 'other');
    }
    // Off the board for another reason: the threshold does not take it (nor mark it hidden).
    await b.t.app.jobs.closeByEmployer(closed!, 'Filled', b.t.clock.now);
    for (const [job] of counts.slice(0, 3)) expect(await b.onBoard(job)).toBe(true);

    await b.setThreshold(2);
    // In the request that saved it: the two with 2 and 3 open reports are off, the one stays.
    expect(await b.onBoard(one!)).toBe(true);
    expect(await b.onBoard(two!)).toBe(false);
    expect(await b.onBoard(three!)).toBe(false);
    for (const [job, n] of [
      [two!, 2],
      [three!, 3],
    ] as const) {
      const ids = (await reportsOf(job).orderBy('id')).map((r: { id: number }) => r.id);
      const named = ids.map((id, i) => `#${id} ${i === 0 ? 'Scam or asks for money' : 'Other'}`);
      // The threshold's own line, by the system, as a report reaching it writes it.
      expect((await b.historyOf(job)).at(-1)).toMatchObject({
        kind: 'deactivated',
        actor: 'system',
        summary: `Taken off the board after reports: hidden pending review after ${n} reports from different visitors (${named.join(', ')})`,
      });
      // Kept, switched off, never deleted; hidden pending review, its reports still open.
      expect((await b.admin({ url: `/api/admin/jobs/${job}` })).json().active).toBe(false);
    }
    const queue = await b.queue();
    const inQueue = (job: number) => queue.listings.find((l) => l.jobId === String(job));
    expect(queue.threshold).toBe(2);
    expect(inQueue(two!)).toMatchObject({ state: 'hidden', hiddenBy: 'system', openReports: 2 });
    expect(inQueue(three!)).toMatchObject({ state: 'hidden', hiddenBy: 'system', openReports: 3 });
    expect(inQueue(one!)).toMatchObject({ state: 'live', hiddenAt: null, openReports: 1 });
    expect(inQueue(closed!)).toMatchObject({ state: 'off', hiddenAt: null, openReports: 3 });
    expect(await b.onBoard(closed!)).toBe(false);
    const hiddenLines = async (job: number) =>
      (await b.historyOf(job)).filter((line) =>
        line.summary.startsWith('Taken off the board after reports'),
      ).length;

    // Raised, or turned off: nothing comes back (an admin decides).
    await b.setThreshold(5);
    await b.setThreshold(0);
    expect(await b.onBoard(two!)).toBe(false);
    expect(await b.onBoard(three!)).toBe(false);
    // Turned on again from 0 at 1: the one left goes too; the others are not hidden twice.
    await b.setThreshold(1);
    expect(await b.onBoard(one!)).toBe(false);
    for (const job of [one!, two!, three!]) expect(await hiddenLines(job)).toBe(1);
    expect(await hiddenLines(closed!)).toBe(0);
  });

  it('hides nothing by itself with the threshold at 0; the threshold is checked as it is saved', async () => {
    await b.setThreshold(0);
    const [job] = await b.jobs('No Threshold Role');
    for (let i = 0; i < 5; i += 1) await b.reported(job!, 'scam');
    expect(await b.onBoard(job!)).toBe(true);
    for (const bad of [-1, REPORT_LIMITS.maxThreshold + 1, 2.5, '3', null]) {
      const res = await b.admin({
        method: 'PUT',
        url: '/api/admin/settings',
        payload: { reportThreshold: bad },
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().fields).toEqual({ reportThreshold: REPORT_MESSAGES.threshold });
    }
    const settings = await b.admin({ url: '/api/admin/settings' });
    expect(settings.json()).toMatchObject({ reportThreshold: 0 });
  });
});

describe(`the limits on reports on ${testDatabase}`, () => {
  it('are in the one table: per client, and per listing from all clients together', () => {
    expect(RATE_LIMITS.reportListing).toMatchObject({ per: 'client', max: 10, windowMinutes: 60 });
    expect(RATE_LIMITS.reportsPerListing).toMatchObject({
      per: 'job',
      max: 30,
      windowMinutes: 24 * 60,
    });
  });

  it("reportListing: a client's reports of every listing together, then 429", async () => {
    await b.setThreshold(0);
    const { max } = b.t.config.rateLimits.reportListing;
    const jobs = await b.jobs(...Array.from({ length: max + 1 }, (_, i) => `Client Cap Role ${i}`));
    const from = b.nextClient();
    for (const job of jobs.slice(0, max)) {
      expect((await b.report(job, { reason: 'other' }, from)).statusCode).toBe(201);
    }
    const refused = await b.report(jobs[max]!, { reason: 'other' }, from);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await reportsOf(jobs[max]!)).toEqual([]);
  });

  it("reportsPerListing: one listing's reports from every client together, then 429 with its message", async () => {
    await b.setThreshold(0);
    const { max } = b.t.config.rateLimits.reportsPerListing;
    const [job] = await b.jobs('Listing Cap Role');
    for (let i = 0; i < max; i += 1) await b.reported(job!, 'scam');
    const refused = await b.report(job!, { reason: 'scam' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: REPORT_MESSAGES.tooManyForListing });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await reportsOf(job!)).toHaveLength(max);
    // A refused repeat from a client with an open report spends none of the listing's cap: the
    // cap's last report is taken after five repeats.
    const [other] = await b.jobs('Repeat Role');
    const clients = Array.from({ length: max - 1 }, () => b.nextClient());
    for (const from of clients) {
      expect((await b.report(other!, { reason: 'scam' }, from)).statusCode).toBe(201);
    }
    for (const from of clients.slice(0, 5)) {
      expect((await b.report(other!, { reason: 'scam' }, from)).statusCode).toBe(409);
    }
    expect((await b.report(other!, { reason: 'scam' })).statusCode).toBe(201);
    expect((await b.report(other!, { reason: 'scam' })).statusCode).toBe(429);
  });
});
