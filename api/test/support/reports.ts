import type { HistoryEntry } from '@jobboard/contract/admin';
import type { AdminReportQueue, ReportReason } from '@jobboard/contract/jobs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signedIn } from './admin';
import { injectWithProof } from './human-proof';
import { createJobs } from './jobs';
import { SmtpPeer } from './smtp-peer';
import { buildTestApp, type TestApp } from './test-app';

/**
 * The reports' tests (issue 45) on one fixture: the real app on its database with a real SMTP
 * peer (the outcome e-mails are sent to it), an admin signed in, and the calls a visitor and an
 * admin make. Each report comes from a client of its own unless a test names one.
 */
export interface ReportBoard {
  t: TestApp;
  smtp: SmtpPeer;
  admin: Awaited<ReturnType<typeof signedIn>>;
  /** Live jobs made for a test: their ids by title. */
  jobs(...titles: string[]): Promise<number[]>;
  /** A visitor's report, from `from` (a new client's address by default). */
  report(
    jobId: number,
    body: { reason?: unknown; note?: unknown; email?: unknown } & Record<string, unknown>,
    from?: string,
  ): Promise<LightMyRequestResponse>;
  /** A report that must be accepted (201). */
  reported(
    jobId: number,
    reason: ReportReason,
    more?: { note?: string; email?: string },
  ): Promise<void>;
  /** The admin's queue. */
  queue(): Promise<AdminReportQueue>;
  /** An admin's decision on a listing's reports. */
  decide(jobId: number, decision: 'dismiss' | 'hide' | 'restore'): Promise<LightMyRequestResponse>;
  /** Set the admin's threshold. */
  setThreshold(threshold: number): Promise<void>;
  /** Whether the public board shows the job (its page answers it). */
  onBoard(jobId: number): Promise<boolean>;
  historyOf(jobId: number): Promise<HistoryEntry[]>;
  /** A new client's address (an IPv4 address of its own). */
  nextClient(): string;
  close(): Promise<void>;
}

/** `env`: the app's more (GHOST_URL, for a member's data). */
export async function reportBoard(env: Record<string, string> = {}): Promise<ReportBoard> {
  const smtp = await new SmtpPeer().start();
  const t = await buildTestApp({ env: { ...env, SMTP_URL: smtp.url } });
  const admin = await signedIn(t);
  let clients = 0;
  let made = 0;
  const nextClient = () => `198.51.${100 + Math.floor(clients / 250)}.${(clients++ % 250) + 1}`;
  const board: ReportBoard = {
    t,
    smtp,
    admin,
    nextClient,
    async jobs(...titles) {
      const ids = await createJobs(
        t.app,
        titles.map((title) => ({ title, organization: `Org ${(made += 1)}` })),
      );
      return titles.map((title) => Number(ids[title]));
    },
    report: (jobId, body, from = nextClient()) =>
      injectWithProof(t.app, {
        method: 'POST',
        url: `/api/jobs/${jobId}/reports`,
        payload: body,
        remoteAddress: from,
      }),
    async reported(jobId, reason, more = {}) {
      const res = await board.report(jobId, { reason, ...more });
      expect(res.statusCode, res.body).toBe(201);
    },
    async queue() {
      const res = await admin({ url: '/api/admin/reports' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    decide: (jobId, decision) =>
      admin({ method: 'POST', url: `/api/admin/reports/${jobId}/${decision}` }),
    async setThreshold(reportThreshold) {
      const res = await admin({
        method: 'PUT',
        url: '/api/admin/settings',
        payload: { reportThreshold },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    async onBoard(jobId) {
      const res = await t.app.inject({ url: `/api/jobs/${jobId}` });
      return res.statusCode === 200;
    },
    async historyOf(jobId) {
      const res = await admin({ url: `/api/admin/jobs/${jobId}/history` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async close() {
      await t.close();
      await smtp.stop();
    },
  };
  return board;
}
