import type { AdminJob, AdminStats } from '@jobboard/contract/admin';

/**
 * A job as the admin's answers give it: a live synced job with a link; override what a test is
 * about.
 */
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

/** The dashboard's numbers of a small board. */
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
