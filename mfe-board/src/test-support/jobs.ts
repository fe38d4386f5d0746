import type { Job } from '@jobboard/contract/jobs';

let nextId = 1;

/** A complete public job; override what the test is about. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  const id = overrides.id ?? String(nextId++);
  return {
    id,
    title: `Job ${id}`,
    company: {
      name: 'Coastal Justice Fund',
      description: 'Grants to frontline groups.',
      websiteUrl: 'https://coastaljusticefund.org',
    },
    organization: 'Coastal Justice Fund',
    location: 'Washington, DC',
    locations: ['Washington, DC'],
    jobType: 'Full-time',
    remote: false,
    experienceLevel: 'mid',
    description: 'A role that matters.',
    postedDate: '2026-11-20',
    salaryMin: null,
    salaryMax: null,
    responsibilities: [],
    requirements: [],
    benefits: [],
    category: ['Communications'],
    featured: false,
    saved: false,
    active: true,
    via: 'Idealist',
    expired: false,
    ...overrides,
  };
}
