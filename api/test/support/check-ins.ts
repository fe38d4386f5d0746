import type { AdminJob } from '@jobboard/contract/admin';
import type { AdminSettingsUpdate } from '@jobboard/contract/employer';
import { expect } from 'vitest';
import { ADMIN, CSRF, createAdmin, login, sessionCookie } from './admin';
import { paidListing } from './payments';
import type { TestApp } from './test-app';

/**
 * The still-hiring check-ins' tests (issue 45): listings made live as an employer's are (a paid
 * submission), the clock moved to their ages, the check-in e-mails read from the outbox.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** When the listings go live: the test app's clock at start. */
export const LIVE_AT = new Date('2026-11-22T12:00:00Z');
export const CONTACT = 'sam@openballot.example';
export const CHECK_IN_TEMPLATE = 'still-hiring-check-in';
export const CLOSED_TEMPLATE = 'still-hiring-closed';

/** The app's clock `days` after the listings went live. */
export const daysAfterLive = (t: TestApp, days: number) => {
  t.clock.now = new Date(LIVE_AT.getTime() + days * DAY_MS);
};

/** A listing paid for through the board, live from now, its contact CONTACT unless overridden. */
export const liveListing = paidListing;

export interface CheckInMail {
  to: string;
  subject: string;
  text: string;
  openToken: string;
  filledToken: string;
}

/** The check-in e-mails in the outbox, oldest first, with their links' tokens. */
export async function checkInMails(t: TestApp, template = CHECK_IN_TEMPLATE) {
  const rows: { to_address: string; subject: string; text_body: string }[] = await t
    .db('outbox')
    .where({ template })
    .orderBy('id');
  return rows.map((row): CheckInMail => {
    const token = (answer: string) =>
      new RegExp(`/employer/still-hiring\\?answer=${answer}&token=([A-Za-z0-9_-]{43})`).exec(
        row.text_body,
      )?.[1] ?? '';
    return {
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      openToken: token('open'),
      filledToken: token('filled'),
    };
  });
}

/** The page's read of a check-in link. */
export const viewCheckIn = (t: TestApp, token: string) => t.app.inject(`/api/check-ins/${token}`);

/** The page's button. */
export const answerCheckIn = (t: TestApp, token: string, answer: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/check-ins/${token}`, payload: { answer } });

/** Each app's admin session and the clock's time it was started at (a sign-in hashes). */
const sessions = new WeakMap<TestApp, { cookie: string; at: number }>();

/**
 * An admin signed in now: a request function with the session cookie and the CSRF header. A
 * session started before the clock moved on (days, in these tests) has run out: a new one then.
 */
export async function adminNow(t: TestApp) {
  let session = sessions.get(t);
  if (!session || session.at !== t.clock.now.getTime()) {
    if (!(await t.app.admins.find(ADMIN.username))) await createAdmin(t);
    const res = await login(t);
    expect(res.statusCode, res.body).toBe(200);
    session = { cookie: sessionCookie(res), at: t.clock.now.getTime() };
    sessions.set(t, session);
  }
  const { cookie } = session;
  return (options: { method?: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }) =>
    t.app.inject({ ...options, headers: { ...CSRF, cookie } });
}

/** Change the admins' settings as an admin does. */
export async function setSettings(t: TestApp, update: AdminSettingsUpdate) {
  const admin = await adminNow(t);
  const res = await admin({ method: 'PUT', url: '/api/admin/settings', payload: update });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A job as the admin's job page reads it (its latest check-in among the rest). */
export async function adminJobOf(t: TestApp, jobId: number): Promise<AdminJob> {
  const res = await (await adminNow(t))({ url: `/api/admin/jobs/${jobId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminJob>();
}
