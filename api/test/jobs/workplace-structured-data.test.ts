import { jobPostingLd, jsonForScript, type Job } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, pay } from '../support/jobs';
import { structuredDataIssues, type ValidationIssue } from '../support/structured-data';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The JobPosting of each workplace (issue 47), built as the job page's head builds it
 * (jobPostingLd over the API's own answer, api/src/site/page-head.ts) and checked by the
 * validator the built site's test uses (test/support/structured-data.ts: Google's JobPosting rules
 * and schema.org's vocabulary): remote says TELECOMMUTE with the places applicants may be in,
 * hybrid and on-site name their places of work only.
 */

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const common = {
    organization: 'Open Newsroom',
    description: 'Edit stories with a small and kind team, from where the role allows.',
    pay: pay(70000, 90000),
    deadline: '2099-12-31',
    expiresAt: new Date(t.clock.now.getTime() + 20 * 86_400_000),
  };
  ids = await createJobs(t.app, [
    {
      ...common,
      title: 'Remote in three states',
      workplaceType: 'remote',
      remotePlaces: 'MD, Virginia, DC',
      locations: ['Remote'],
    },
    { ...common, title: 'Remote anywhere', workplaceType: 'remote', locations: ['Remote'] },
    {
      ...common,
      title: 'Hybrid in Baltimore',
      workplaceType: 'hybrid',
      remotePlaces: 'MD',
      locations: ['Baltimore, MD'],
    },
    { ...common, title: 'On-site in Denver', workplaceType: 'on_site', locations: ['Denver, CO'] },
  ]);
});
afterAll(() => t.close());

async function postingOf(title: string) {
  const job = (await t.app.inject({ method: 'GET', url: `/api/jobs/${ids[title]}` })).json<Job>();
  const ld = jobPostingLd(job, 'https://jobs.example.org')!;
  const html = `<html><head><script type="application/ld+json">${jsonForScript(ld)}</script></head><body></body></html>`;
  return { ld, issues: summary(await structuredDataIssues(html)) };
}

const summary = (issues: ValidationIssue[]) =>
  issues.map((issue) => `${issue.severity} ${issue.issueMessage}`).sort();

/** Recommended for work-from-home jobs only; a job done at its places rightly has neither. */
const AT_ITS_PLACES = [
  'WARNING Missing field "applicantLocationRequirements" (optional)',
  'WARNING Missing field "jobLocationType" (optional)',
];

describe(`the JobPosting of each workplace, checked as the job page's (${testDatabase})`, () => {
  it('remote with places: TELECOMMUTE, the states and the district applicants may be in; valid', async () => {
    const { ld, issues } = await postingOf('Remote in three states');
    expect(issues).toEqual([]);
    expect(ld).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: [
        { '@type': 'State', name: 'Maryland' },
        { '@type': 'State', name: 'Virginia' },
        { '@type': 'AdministrativeArea', name: 'District of Columbia' },
      ],
    });
    expect(ld).not.toHaveProperty('jobLocation');
  });

  it('remote without places: anywhere in the country; valid', async () => {
    const { ld, issues } = await postingOf('Remote anywhere');
    expect(issues).toEqual([]);
    expect(ld.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'US' });
  });

  it('hybrid: its place of work only, never TELECOMMUTE; valid', async () => {
    const { ld, issues } = await postingOf('Hybrid in Baltimore');
    expect(issues).toEqual(AT_ITS_PLACES);
    expect(ld.jobLocation).toEqual([
      {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Baltimore',
          addressRegion: 'MD',
          addressCountry: 'US',
        },
      },
    ]);
  });

  it('on-site: its place of work only; valid', async () => {
    const { ld, issues } = await postingOf('On-site in Denver');
    expect(issues).toEqual(AT_ITS_PLACES);
    expect(ld).not.toHaveProperty('jobLocationType');
  });
});
