import { ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { REPORT_LIMITS, type ReportRecord } from '@jobboard/contract/jobs';
import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestDataLink } from '../support/alert-mail';
import { FakeGhost } from '../support/fake-ghost';
import { signedInMember } from '../support/members';
import { reportBoard, type ReportBoard } from '../support/reports';
import { testDatabase } from '../support/test-app';

/**
 * A reporter's address (issue 45, docs/product.md#privacy): the reports sent with an address are
 * in that address's data export (a data link's, a member's) and its deletion takes the address
 * and the note off them, while the reports stay and count as before; and a report keeps its
 * address only until it is decided: the outcome e-mail is queued to it, then it is forgotten.
 */

let ghost: FakeGhost;
let b: ReportBoard;
beforeAll(async () => {
  ghost = await FakeGhost.start();
  b = await reportBoard({ GHOST_URL: ghost.url });
  ghost.clock = b.t.clock;
});
afterAll(async () => {
  await b.close();
  await ghost.stop();
});
beforeEach(() => b.setThreshold(REPORT_LIMITS.defaultThreshold));

const MINUTE_MS = 60_000;
const later = () => {
  b.t.clock.now = new Date(b.t.clock.now.getTime() + MINUTE_MS);
};

const reportsOf = (jobId: number) =>
  b.t.db('listing_reports').where({ job_id: jobId }).orderBy('id');

/** A data link's export of `email` (the link asked for as its page's form does). */
async function exported(email: string) {
  const res = await b.t.app.inject({
    method: 'POST',
    url: `/api/alerts/data/${await requestDataLink(b.t, email, b.nextClient())}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const dataLinksTo = async (email: string) =>
  (await b.t.db('outbox').where({ template: 'data-link', to_address: email })).length;

describe(`a reporter's address in the data of that address on ${testDatabase}`, () => {
  it("a data link's export holds the open reports sent with its address; deleting takes the address and note off them and keeps them counted", async () => {
    const [first, second, decided] = await b.jobs(
      'Fee Asking Role',
      'Filled Long Ago Role',
      'Reviewed Role',
    );
    const reportedAt = b.t.clock.now.toISOString();
    await b.reported(first!, 'scam', { email: 'Rita@Reporter.example', note: 'Asks for a fee.' });
    await b.reported(first!, 'scam', { email: 'other@reporter.example', note: 'Same here.' });
    later();
    const laterAt = b.t.clock.now.toISOString();
    await b.reported(second!, 'closed', { email: ' rita@reporter.example ' });
    // A report decided has forgotten its address: it is no longer this person's data.
    await b.reported(decided!, 'other', { email: 'rita@reporter.example', note: 'Odd.' });
    expect((await b.decide(decided!, 'dismiss')).statusCode).toBe(200);

    // Known by its reports alone: the address has no alert and no application, and is sent a link.
    const res = await exported('rita@reporter.example');
    const body = res.json();
    expect(body.alerts).toEqual([]);
    expect(body.applications).toEqual([]);
    expect(body.reports).toEqual([
      {
        jobId: String(second),
        title: 'Filled Long Ago Role',
        organization: expect.any(String),
        reason: 'closed',
        note: '',
        status: 'open',
        createdAt: laterAt,
      },
      {
        jobId: String(first),
        title: 'Fee Asking Role',
        organization: expect.any(String),
        reason: 'scam',
        note: 'Asks for a fee.',
        status: 'open',
        createdAt: reportedAt,
      },
    ] satisfies ReportRecord[]);
    const organization = (await b.queue()).listings.find((l) => l.jobId === String(first))!;
    expect(body.reports[1].organization).toBe(organization.organization);
    // Nobody else's report, nothing of the keyed client.
    expect(res.body).not.toContain('other@reporter.example');
    expect(res.body).not.toContain('Same here.');
    expect(res.body).not.toContain('Odd.');
    expect(res.body).not.toMatch(/client|token/i);

    const clientsBefore = (await reportsOf(first!)).map(
      (r: { open_client: string }) => r.open_client,
    );
    const deleted = await b.t.app.inject({
      method: 'DELETE',
      url: `/api/alerts/data/${await requestDataLink(b.t, 'rita@reporter.example', b.nextClient())}`,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: ALERT_MESSAGES.dataDeleted(0, 0, 2) });
    expect(ALERT_MESSAGES.dataDeleted(0, 0, 2)).toBe(
      'Your data is deleted: 0 job alerts of this address removed, and the address and note taken off your 2 reports of listings. We will send you nothing more.',
    );

    // The reports stay, open and anonymous: reason, status, times and keyed client as they were.
    const [mine, theirs] = await reportsOf(first!);
    expect(mine).toMatchObject({ reason: 'scam', status: 'open', email: null, note: '' });
    expect(Number(mine.created_at)).toBe(Date.parse(reportedAt));
    expect((await reportsOf(first!)).map((r: { open_client: string }) => r.open_client)).toEqual(
      clientsBefore,
    );
    expect(theirs).toMatchObject({ email: 'other@reporter.example', note: 'Same here.' });
    expect(await reportsOf(second!)).toMatchObject([
      { reason: 'closed', status: 'open', email: null, note: '' },
    ]);
    // The queue and the threshold count them as before: a third report hides the listing.
    const queued = (await b.queue()).listings.find((l) => l.jobId === String(first))!;
    expect(queued).toMatchObject({ state: 'live', openReports: 2 });
    expect(queued.reports.find((r) => r.id === String(mine.id))).toMatchObject({
      email: null,
      note: '',
    });
    await b.reported(first!, 'wrong_information');
    expect(await b.onBoard(first!)).toBe(false);

    // Nothing of the address is left: a new link is not sent.
    const sent = await dataLinksTo('rita@reporter.example');
    const again = await b.t.app.inject({
      method: 'POST',
      url: '/api/alerts/data-link',
      payload: { email: 'rita@reporter.example' },
      remoteAddress: b.nextClient(),
    });
    expect(again.statusCode).toBe(202);
    expect(await dataLinksTo('rita@reporter.example')).toBe(sent);
  });

  it("a member's export holds the open reports of their address; deleting their data takes the address and note off them", async () => {
    await b.setThreshold(0);
    const [job] = await b.jobs('Member Reported Role');
    await b.reported(job!, 'discriminatory', {
      email: 'Mo@Member.example',
      note: 'Asks for age.',
    });
    await b.reported(job!, 'discriminatory', { email: 'someone@member.example' });
    const { as } = await signedInMember(b.t, ghost.token({ email: 'mo@member.example' }));

    const res = await as({ url: '/api/members/data' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reports).toEqual([
      {
        jobId: String(job),
        title: 'Member Reported Role',
        organization: expect.any(String),
        reason: 'discriminatory',
        note: 'Asks for age.',
        status: 'open',
        createdAt: b.t.clock.now.toISOString(),
      },
    ]);
    expect(res.body).not.toContain('someone@member.example');

    const deleted = await as({ method: 'DELETE', url: '/api/members/data' });
    expect(deleted.json()).toEqual({ message: MEMBER_MESSAGES.dataDeleted });
    expect(await reportsOf(job!)).toMatchObject([
      { status: 'open', email: null, note: '' },
      { status: 'open', email: 'someone@member.example' },
    ]);
    expect((await b.queue()).listings.find((l) => l.jobId === String(job))).toMatchObject({
      openReports: 2,
    });
  });
});

describe(`a report's address kept only until it is decided on ${testDatabase}`, () => {
  it('each decision queues the outcome e-mail to the address, then forgets it and keeps everything else', async () => {
    const [dismissed, hidden, restored] = await b.jobs(
      'Decided Dismissed Role',
      'Decided Hidden Role',
      'Decided Restored Role',
    );
    const cases = [
      { job: dismissed!, decision: 'dismiss', email: 'd@decided.example', status: 'kept' },
      { job: hidden!, decision: 'hide', email: 'h@decided.example', status: 'taken_down' },
      { job: restored!, decision: 'restore', email: 'r@decided.example', status: 'kept' },
    ] as const;
    const createdAt = b.t.clock.now.getTime();
    for (const { job, email } of cases) {
      await b.reported(job, 'wrong_information', { email, note: `Note of ${email}` });
    }
    // Restore needs a listing its reports hid: two more reach the threshold (3).
    await b.reported(restored!, 'scam');
    await b.reported(restored!, 'scam');
    expect(await b.onBoard(restored!)).toBe(false);

    // Open: the address is kept (the queue shows it; the contract's AdminReport.email).
    const queue = await b.queue();
    for (const { job, email } of cases) {
      const listing = queue.listings.find((l) => l.jobId === String(job))!;
      expect(listing.reports.at(-1)!.email).toBe(email);
    }

    later();
    for (const { job, decision, email, status } of cases) {
      const res = await b.decide(job, decision);
      expect(res.statusCode, `${decision}: ${res.body}`).toBe(200);
      const row = await reportsOf(job).where({ reason: 'wrong_information' }).first();
      // Forgotten: the address (and the keyed client); the rest stays for the record.
      expect(row).toMatchObject({
        email: null,
        open_client: null,
        reason: 'wrong_information',
        note: `Note of ${email}`,
        status,
        decided_by: 'admin:alice',
      });
      expect(Number(row.created_at)).toBe(createdAt);
      expect(Number(row.decided_at)).toBe(b.t.clock.now.getTime());
      // ... after its outcome e-mail was queued to it, in the decision's transaction.
      const queued = await b.t
        .db('outbox')
        .where({ template: 'report-outcome', to_address: email });
      expect(queued, decision).toHaveLength(1);
    }
    // No decided report keeps an address anywhere in the table.
    const kept = await b.t
      .db('listing_reports')
      .whereNot({ status: 'open' })
      .whereNotNull('email')
      .count({ n: '*' });
    expect(Number(kept[0]!.n)).toBe(0);
  });
});
