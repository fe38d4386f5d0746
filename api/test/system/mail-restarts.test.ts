import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { createKnex } from '../../src/platform/db/knex';
import { ApiProcess, processProof } from '../support/api-process';
import { SmtpPeer } from '../support/smtp-peer';
import { freshDatabase, testDatabase } from '../support/test-app';

/**
 * The outbox across restarts of the API as production runs it (a system test: four starts of the
 * built server, support/api-process.ts): what the server queued while the mail server was down
 * goes out exactly once, though the server was killed and restarted meanwhile. The outbox in one
 * process is test/mail.test.ts.
 */

let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await new SmtpPeer().start();
});
afterAll(() => smtp.stop());

/**
 * Wait until `done` holds, for what another process does (an API process's sender): looked at
 * again after each turn of the event loop's timers, for as long as the test's own timeout lets it.
 */
async function eventually(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe(`e-mail across restarts of the API process on ${testDatabase}`, () => {
  it('delivers every message queued while the SMTP server was down exactly once, though the server was killed and restarted meanwhile', async () => {
    const fresh = await freshDatabase();
    const db = createKnex(fresh.database);
    await smtp.stop(); // the mail server is down from the start (same port when it is back)
    let smtpUp = false;
    let site: ApiProcess | null = null;
    const outboxRows = () => db('outbox').orderBy('id');
    const submitTo = async (base: string, n: number) => {
      const res = await fetch(`${base}/api/submit-job-for-review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...VALID_SUBMISSION,
          title: `Restart ${n} Communications Director`,
          contactEmail: `restart-${n}@example.org`,
          humanProof: await processProof(),
        }),
      });
      expect(res.status).toBe(201);
    };
    /** Every message tried at least `times` times since the server went down, none sent. */
    const allTried = (times: number) => async () => {
      const rows = await outboxRows();
      return rows.every((m) => m.status === 'pending' && m.attempts >= times && m.last_error);
    };
    try {
      site = await ApiProcess.start({
        database: fresh.database,
        env: { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '1', ADMIN_EMAIL: 'review@board.example' },
      });
      for (const n of [1, 2, 3]) await submitTo(site.url, n);
      await eventually(allTried(1));

      // Killed with the messages pending; the new process takes them over.
      await site.kill();
      await site.restart();
      await submitTo(site.url, 4);
      await eventually(allTried(1));
      expect(await outboxRows()).toHaveLength(8);

      // Stopped as a service manager stops it, and started again, still with everything pending.
      await site.stop();
      await site.restart();
      expect((await outboxRows()).map((m) => m.status)).toEqual(Array(8).fill('pending'));

      smtp.received.length = 0;
      await smtp.start();
      smtpUp = true;
      // The backoff after two failed attempts is at most 20 s.
      await eventually(async () => (await outboxRows()).every((m) => m.status === 'sent'));
      const delivered = () => smtp.received.map((m) => `${m.to.join(',')} ${subjectOf(m.raw)}`);
      expect(delivered()).toHaveLength(8);
      expect(new Set(delivered()).size).toBe(8);
      const rows = await outboxRows();
      expect(new Set(delivered())).toEqual(
        new Set(rows.map((m) => `${m.to_address} ${m.subject}`)),
      );

      // Nothing goes twice: not later, and not after another restart. The sender takes due
      // messages oldest first, so once a submission made after the restart has had its two
      // messages sent, a second copy of any of the eight would have gone before them.
      await site.stop();
      await site.restart();
      await submitTo(site.url, 5);
      await eventually(async () => (await outboxRows()).every((m) => m.status === 'sent'));
      const afterRestart = new Set((await outboxRows()).slice(8).map((m) => m.to_address));
      expect(afterRestart).toEqual(new Set(['restart-5@example.org', 'review@board.example']));
      const ofTheEight = () =>
        delivered().filter(
          (line) => !line.includes('restart-5@') && !line.includes('Restart 5 Communications'),
        );
      expect(ofTheEight()).toHaveLength(8);
    } finally {
      await site?.stop();
      if (!smtpUp) await smtp.start();
      await db.destroy();
      await fresh.dispose();
    }
  }, 240_000); // four server starts and up to 35 s of the sender's own backoff
});

/** The Subject header of a raw message, unfolded and decoded from MIME encoded-words. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}
