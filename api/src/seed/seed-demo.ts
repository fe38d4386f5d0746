import { addDays, isoDate } from '@jobboard/contract/common';
import { DEFAULT_PAY_PERIOD } from '@jobboard/contract/jobs';
import type { FastifyInstance } from 'fastify';
import type { JobInput } from '../jobs';
import { DEMO_JOBS, type DemoJob } from './demo-jobs';

/** The demo listings as job input, dated relative to `now` so the board always looks current. */
export function demoJobInputs(now: Date): JobInput[] {
  return DEMO_JOBS.map((job: DemoJob, index): JobInput => ({
    title: job.title,
    organization: job.organization,
    companyDescription: job.companyDescription,
    websiteUrl: job.websiteUrl,
    description: job.description,
    jobType: job.jobType,
    remote: job.remote,
    // Where it is done (issue 47): as the listing says, else remote by its flag.
    workplaceType: job.workplaceType ?? (job.remote ? 'remote' : 'on_site'),
    remotePlaces: job.remotePlaces ?? null,
    experienceLevel: job.experienceLevel,
    pay: {
      min: job.salaryMin,
      max: job.salaryMax,
      period: job.salaryPeriod ?? DEFAULT_PAY_PERIOD,
      // Blank: the board's currency (BOARD_CURRENCY).
      currency: '',
      text: null,
      benefits: job.benefitsSummary ?? null,
    },
    deadline: job.deadlineInDays === undefined ? null : isoDate(addDays(now, job.deadlineInDays)),
    postedDate: isoDate(addDays(now, -job.postedDaysAgo)),
    responsibilities: job.responsibilities,
    requirements: job.requirements,
    benefits: job.benefits,
    applicationUrl: job.applicationUrl ?? null,
    applyMethod: job.applyMethod ?? null,
    applicationEmail: job.applicationEmail ?? null,
    howToApply: job.howToApply ?? null,
    screeningQuestions: job.screeningQuestions ?? [],
    via: job.via,
    featured: job.featured,
    active: true,
    source: 'demo',
    externalId: `demo-${index + 1}`,
    locations: job.locations,
    categories: job.categories,
  }));
}

/** Load the demo listings when the board has no jobs at all; all or nothing. */
export async function seedDemoIfEmpty(app: FastifyInstance): Promise<number> {
  if (!app.config.seedDemo || (await app.jobs.count()) > 0) return 0;
  const now = app.now();
  const inputs = demoJobInputs(now);
  await app.db.transaction(async (trx) => {
    for (const [index, input] of inputs.entries()) {
      const jobId = await app.jobs.create(input, now, trx);
      const employer = DEMO_JOBS[index]!.employerEmail;
      if (employer) {
        const listing = { jobId, title: input.title, organization: input.organization };
        await app.submissions.recordDemoListing(trx, { ...listing, contactEmail: employer }, now);
      }
    }
  });
  return inputs.length;
}
