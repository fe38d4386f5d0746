import type { AdminJob, AdminJobPage, HistoryEntry } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { expect } from 'vitest';
import type { JobInput } from '../../src/jobs/job-input';
import { signedIn } from './admin';
import { jobInput } from './jobs';
import { buildTestApp, testDatabase, type TestApp } from './test-app';

/**
 * The admin's board at scale (issue 16): 2,000 jobs varied on every filter of the admin's lists,
 * and an admin signed in. What each list must find is computed from the inputs.
 */

export const DAY = 24 * 60 * 60 * 1000;
export const JOBS = 2_000;
const ORGS = Array.from({ length: 40 }, (_, i) => `Org ${String(i).padStart(2, '0')} Alliance`);
const SOURCES = ['admin', 'submission', 'sync', 'demo'] as const;

/** The 2,000 jobs, varied on every filter. */
function boardInputs(now: Date): JobInput[] {
  return Array.from({ length: JOBS }, (_, i) => {
    // Ends: none, long ago, within 7 days, or months away.
    const end = [null, -10 * DAY, 3 * DAY, 90 * DAY][i % 4]!;
    return jobInput({
      title: `${i % 7 === 0 ? 'Grants' : 'Program'} Lead ${String(i).padStart(4, '0')}`,
      organization: ORGS[i % ORGS.length]!,
      featured: i % 10 === 0,
      active: i % 9 !== 0,
      source: SOURCES[i % SOURCES.length],
      expiresAt: end === null ? null : new Date(now.getTime() + end),
      postedDate: `2026-${String((i % 11) + 1).padStart(2, '0')}-15`,
    });
  });
}

export type Admin = Awaited<ReturnType<typeof signedIn>>;

export interface AdminBoard {
  t: TestApp;
  admin: Admin;
  /** The jobs as created, in the order of `ids`. */
  inputs: JobInput[];
  ids: number[];
  /** A page of the admin's jobs list (`query`: its querystring, with its '?'). */
  page(query: string): Promise<AdminJobPage>;
  jobOf(id: number): Promise<AdminJob>;
  historyOf(id: number): Promise<HistoryEntry[]>;
}

/** A test app on a database of its own holding the 2,000 jobs, with an admin signed in. */
export async function adminBoard(): Promise<AdminBoard> {
  const t = await buildTestApp({ env: { SUBMISSION_RATE_LIMIT_MAX: '1000' } });
  const admin = await signedIn(t);
  const inputs = boardInputs(t.clock.now);
  const ids = await t.app.jobs.createMany(inputs, t.clock.now);
  // A live PostgreSQL database has statistics (autovacuum analyzes a table that grew); a freshly
  // filled test database has none until this, and plans as if the tables were empty.
  if (testDatabase === 'postgres') await t.db.raw('ANALYZE');
  return {
    t,
    admin,
    inputs,
    ids,
    async page(query) {
      const res = await admin({ url: `${ENDPOINTS.adminJobPage.path}${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminJobPage;
    },
    jobOf: async (id) => (await admin({ url: `/api/admin/jobs/${id}` })).json() as AdminJob,
    historyOf: async (id) =>
      (await admin({ url: `/api/admin/jobs/${id}/history` })).json() as HistoryEntry[],
  };
}
