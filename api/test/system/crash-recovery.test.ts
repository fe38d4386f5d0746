import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { createKnex } from '../../src/platform/db/knex';
import { SUBMISSION_RECEIVED_TEMPLATE } from '../../src/mail/submission-emails';
import { invalidRows } from '../support/rows';
import { ApiProcess, processProof } from '../support/api-process';
import { freshDatabase, testDatabase } from '../support/test-app';

/**
 * The production server killed with SIGKILL in the middle of a burst of submissions, then started
 * again on the same database, three times over: every submission it acknowledged (2xx) is there
 * with its event and both e-mails, and no submission, event or e-mail exists without the others.
 */

const ROUNDS = 3;
/** Submissions sent at once during a burst. */
const SENDERS = 40;

let site: ApiProcess;
let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
  site = await ApiProcess.start({
    database: database.database,
    env: { SUBMISSION_RATE_LIMIT_MAX: '10000000', LOG_LEVEL: 'error' },
  });
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await database?.dispose();
}, 60_000);

interface Burst {
  /** Title of each acknowledged submission, by id. */
  acknowledged: Map<number, string>;
  /** Requests that got no answer: they were in flight when the server died. */
  unanswered: number;
}

/** SENDERS loops submitting until the server dies; SIGKILL once `killAfter` are acknowledged. */
async function burstAndKill(round: number, killAfter: number): Promise<Burst> {
  const burst: Burst = { acknowledged: new Map(), unanswered: 0 };
  let killing: Promise<void> | null = null;
  const sender = async (index: number) => {
    for (let n = 0; ; n += 1) {
      const title = `Crash ${round}-${index}-${n} Communications Director`;
      const humanProof = await processProof();
      let res: Response;
      try {
        res = await fetch(`${site.url}/api/submit-job-for-review`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            ...VALID_SUBMISSION,
            title,
            contactEmail: `crash-${round}-${index}-${n}@example.org`,
            humanProof,
          }),
        });
      } catch {
        burst.unanswered += 1;
        return; // the server is gone
      }
      const body = await res.text().catch(() => null);
      if (body === null) {
        burst.unanswered += 1;
        return;
      }
      // Nothing but a success is expected while the server runs.
      expect(res.status, body).toBe(201);
      burst.acknowledged.set(Number(JSON.parse(body).id), title);
      if (burst.acknowledged.size >= killAfter) killing ??= site.kill();
    }
  };
  await Promise.all(Array.from({ length: SENDERS }, (_, i) => sender(i)));
  await killing;
  return burst;
}

/**
 * Every sign of a half write: a submission without its event, its admin notice or (unless the
 * notice says the daily cap held it back) its acknowledgement, and any of those without its
 * submission. Empty when every submission was written whole or not at all.
 */
async function halfWritten(db: Knex): Promise<string[]> {
  const problems: string[] = [];
  const ids = new Set(
    (await db('submissions').select('id')).map((row: { id: number }) => Number(row.id)),
  );
  const events: { submission_id: number }[] = await db('submission_events').select('submission_id');
  const outbox: { template: string; subject: string; text_body: string }[] = await db(
    'outbox',
  ).select('template', 'subject', 'text_body');
  const notices = outbox.filter((m) => m.template === 'new-submission');
  const eventsOf = countBy(events.map((e) => Number(e.submission_id)));
  const noticesOf = countBy(
    notices.map((m) => Number(/\(submission #(\d+)\)/.exec(m.text_body)?.[1])),
  );
  const acknowledgementsOf = countBy(
    outbox
      .filter((m) => m.template === SUBMISSION_RECEIVED_TEMPLATE)
      .map((m) => Number(/reference #(\d+)/.exec(m.subject)?.[1])),
  );
  // Past the acknowledgement caps the notice says so, and no acknowledgement is queued.
  const heldBack = new Set(
    notices
      .filter((m) => m.text_body.includes('was not sent an acknowledgement'))
      .map((m) => Number(/\(submission #(\d+)\)/.exec(m.text_body)?.[1])),
  );
  for (const id of ids) {
    const expected = { events: 1, notices: 1, acknowledgements: heldBack.has(id) ? 0 : 1 };
    const found = {
      events: eventsOf.get(id) ?? 0,
      notices: noticesOf.get(id) ?? 0,
      acknowledgements: acknowledgementsOf.get(id) ?? 0,
    };
    if (JSON.stringify(found) !== JSON.stringify(expected)) {
      problems.push(`submission #${id}: ${JSON.stringify(found)}`);
    }
  }
  for (const [what, counts] of [
    ['event', eventsOf],
    ['admin notice', noticesOf],
    ['acknowledgement', acknowledgementsOf],
  ] as const) {
    for (const id of counts.keys()) {
      if (!ids.has(id)) problems.push(`${what} of submission #${id}, which does not exist`);
    }
  }
  if (notices.length + acknowledgementsOf.size !== outbox.length) {
    problems.push('e-mails that belong to no submission');
  }
  return problems;
}

function countBy(ids: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

describe(`SIGKILL in a burst of submissions on ${testDatabase}`, () => {
  it(`keeps every acknowledged submission whole and none half written, over ${ROUNDS} kills`, async () => {
    const acknowledged = new Map<number, string>();
    let unanswered = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const burst = await burstAndKill(round, 20 + 25 * round);
      expect(site.alive).toBe(false);
      for (const [id, title] of burst.acknowledged) acknowledged.set(id, title);
      unanswered += burst.unanswered;
      await site.restart();
    }
    // The kills did land in the middle of the bursts: requests were cut off unanswered.
    expect(unanswered).toBeGreaterThan(0);

    const db = createKnex(database.database);
    try {
      if (testDatabase === 'sqlite') {
        expect(await db.raw('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      }
      const rows: { id: number; title: string; status: string }[] = await db('submissions').select(
        'id',
        'title',
        'status',
      );
      const stored = new Map(rows.map((row) => [Number(row.id), row]));
      for (const [id, title] of acknowledged) {
        expect(stored.get(id), `acknowledged #${id}`).toMatchObject({
          title,
          status: 'pending_review',
        });
      }
      expect(await halfWritten(db)).toEqual([]);
      expect(await invalidRows(db)).toEqual([]);
      console.log(
        `SIGKILL on ${testDatabase}: ${ROUNDS} kills, ${acknowledged.size} submissions ` +
          `acknowledged and all stored whole; ${unanswered} requests cut off, of which ` +
          `${stored.size - acknowledged.size} committed unacknowledged (also whole)`,
      );

      // The restarted server takes submissions on the recovered database.
      const res = await fetch(`${site.url}/api/submit-job-for-review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...VALID_SUBMISSION,
          contactEmail: 'after@example.org',
          humanProof: await processProof(),
        }),
      });
      expect(res.status).toBe(201);
      expect(await halfWritten(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  }, 180_000);
});
