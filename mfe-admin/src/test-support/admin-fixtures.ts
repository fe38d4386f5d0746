import type { AdminJob, AdminStats, LastSync } from '@jobboard/contract/admin';

/**
 * What the admin area's tests answer for: a job as the admin's answers give it, the dashboard's
 * numbers and last sync with nothing in them, and the session check of a signed-in admin.
 */

/** A synced job without pay figures, with `fields` as given. */
export const adminJob = (fields: Partial<AdminJob> = {}): AdminJob => ({
  id: '12',
  title: 'Canvass Lead',
  company: { name: 'Open Ballot Project', description: '', websiteUrl: '' },
  organization: 'Open Ballot Project',
  location: 'Denver, CO',
  locations: ['Denver, CO'],
  jobType: 'Part-time',
  remote: false,
  experienceLevel: 'Not specified',
  description: 'Leads a canvassing team.',
  postedDate: '2026-11-20',
  salaryMin: null,
  salaryMax: null,
  responsibilities: [],
  requirements: [],
  benefits: [],
  category: ['Political'],
  applicationUrl: 'https://openballot.example/jobs/canvass',
  featured: false,
  saved: false,
  active: true,
  via: 'Airtable',
  expired: false,
  source: 'sync',
  createdAt: '2026-11-22T12:00:00.000Z',
  submissionId: null,
  adminFields: [],
  logoSource: null,
  ...fields,
});

/** The dashboard's numbers of a small board: one live job, nothing else, with `fields` as given. */
export const adminStats = (fields: Partial<AdminStats> = {}): AdminStats => ({
  live: 1,
  expiringSoon: 0,
  pendingReview: 0,
  paidThisMonth: 0,
  revenueByMonth: [],
  lastSync: null,
  confirmedAlerts: 0,
  ...fields,
});

/** The dashboard's numbers: one live job, nothing else. */
export const QUIET_STATS = adminStats();

/** No sync has run from the Airtable source. */
export const NO_SYNC: LastSync = { source: 'Airtable', last: null, held: { count: 0, jobs: [] } };

/** The session check's answer for a signed-in admin. */
export const SIGNED_IN = {
  'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
} as const;
