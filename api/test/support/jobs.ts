import { NO_PAY, type Pay, type PayPeriod } from '@jobboard/contract/jobs';
import type { FastifyInstance } from 'fastify';
import type { JobInput } from '../../src/jobs/job-input';

/** A test job's pay: figures per `period` (a year), in US dollars, and what else it gives. */
export function pay(
  min: number | null,
  max: number | null,
  period: PayPeriod = 'year',
  more: Partial<Pay> = {},
): Pay {
  return { ...NO_PAY, min, max, period, currency: 'USD', ...more };
}

/** A complete job input with plain defaults; tests override what they care about. */
export function jobInput(overrides: Partial<JobInput> = {}): JobInput {
  return {
    title: 'Program Associate',
    organization: 'Example Org',
    companyDescription: 'An example nonprofit.',
    websiteUrl: 'https://example.org',
    description: 'Supports programs across the organization with care and attention to detail.',
    jobType: 'Full-time',
    remote: false,
    experienceLevel: 'mid',
    pay: NO_PAY,
    postedDate: '2026-11-20',
    applicationUrl: 'https://example.org/jobs/1',
    via: 'Organization website',
    featured: false,
    active: true,
    source: 'admin',
    locations: ['Washington, DC'],
    categories: ['Communications'],
    ...overrides,
  };
}

/** A job as an admin saves it through POST /api/admin/jobs (the dashboard's form). */
export const ADMIN_JOB_FORM = {
  title: 'Senior Grants Writer',
  organization: 'Harbor Health Alliance',
  applicationUrl: 'https://harborhealth.example/jobs/grants',
  description: 'Write and manage grant proposals for community health programs across the region.',
  category: ['Fundraising'],
  locations: ['Portland, ME'],
  jobType: 'Full-time',
  via: 'Organization website',
  postedDate: '2026-11-20',
  deadline: '2027-01-10',
  active: true,
  featured: false,
};

/** Create the jobs in order; returns their ids keyed by title. */
export async function createJobs(app: FastifyInstance, inputs: Partial<JobInput>[]) {
  const ids: Record<string, string> = {};
  for (const input of inputs) {
    const job = jobInput(input);
    ids[job.title] = String(await app.jobs.create(job, app.now()));
  }
  return ids;
}
