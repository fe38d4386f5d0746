import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSiteWith, type BuiltSite } from './support/built-site';
import { fakeReleases } from './support/releases';
import { structuredDataIssues, type ValidationIssue } from './support/structured-data';
import { testDatabase } from './support/test-app';

/**
 * Issue 24: each job page's JobPosting JSON-LD, as the built site serves it at /jobs/{id}, passes
 * a structured-data validator with Google's JobPosting rules and schema.org's vocabulary
 * (@adobe/structured-data-validator, test/support/structured-data.ts): no error, and of the
 * recommended fields only those the job has no value for are missing.
 */

const DAY = 86_400_000;

let site: BuiltSite;
let releases: string;
beforeAll(async () => {
  releases = fakeReleases();
  site = await builtSiteWith(
    [
      {
        title: 'Remote Editor',
        organization: 'Open Newsroom',
        websiteUrl: 'https://opennewsroom.example',
        logoUrl: 'https://cdn.example.org/open-newsroom.png',
        description: 'Edit stories from anywhere in the country, with a small and kind team.',
        jobType: 'Part-time',
        remote: true,
        locations: ['Remote'],
        salaryMin: 70000,
        salaryMax: 90000,
        deadline: '12/31/2099',
        postedDate: '2026-11-18',
      },
      {
        title: 'Organizer',
        organization: 'Two Cities Coalition',
        jobType: 'Contract',
        locations: ['Chicago, IL', 'New York, NY', 'Springfield'],
        salaryMin: 60000,
        expiresAt: new Date(Date.now() + 20 * DAY),
        postedDate: '2026-11-19',
      },
      {
        title: 'Intern',
        organization: 'Small Shop',
        jobType: 'Internship',
        locations: ['Portland'],
        postedDate: '2026-11-20',
      },
      {
        title: `Data Editor </script><script>alert(1)</script> & "quotes" 🎉 محرر`,
        organization: 'Org "><img src=x onerror=alert(2)>',
        description: 'Stories </script> & <!-- and \u2028 for the newsroom.',
        remote: true,
        locations: ['Remote', 'Town "><b>'],
        salaryMax: 80000,
        postedDate: '2026-11-21',
      },
    ],
    { RELEASES_DIR: releases },
  );
}, 120_000);
afterAll(async () => {
  await site?.close();
  rmSync(releases, { recursive: true, force: true });
});

async function issuesOf(title: string): Promise<ValidationIssue[]> {
  const res = await fetch(`${site.api.url}/jobs/${site.ids[title]}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('application/ld+json');
  return structuredDataIssues(html);
}

/** The issues as "SEVERITY message", sorted, for one readable comparison. */
const summary = (issues: ValidationIssue[]) =>
  issues.map((issue) => `${issue.severity} ${issue.issueMessage}`).sort();

/** Recommended for work-from-home jobs only; an on-site job rightly has neither. */
const ON_SITE_ONLY = [
  'WARNING Missing field "applicantLocationRequirements" (optional)',
  'WARNING Missing field "jobLocationType" (optional)',
];

describe(`a job page's JobPosting against Google's rules (${testDatabase})`, () => {
  it('a remote job with a salary and a deadline: every required and recommended field', async () => {
    expect(summary(await issuesOf('Remote Editor'))).toEqual([]);
  });

  it('a job in several places: each place with its country, nothing required missing', async () => {
    expect(summary(await issuesOf('Organizer'))).toEqual(ON_SITE_ONLY);
  });

  it('a job without a salary or an end: only baseSalary and validThrough missing', async () => {
    expect(summary(await issuesOf('Intern'))).toEqual(
      [
        ...ON_SITE_ONLY,
        'WARNING Missing field "baseSalary" (optional)',
        'WARNING Missing field "validThrough" (optional)',
      ].sort(),
    );
  });

  it('a remote job that also names a place, with hostile text: still valid', async () => {
    expect(
      summary(await issuesOf(`Data Editor </script><script>alert(1)</script> & "quotes" 🎉 محرر`)),
    ).toEqual(['WARNING Missing field "validThrough" (optional)']);
  });

  it('the validator refuses what Google refuses (so a pass means something)', async () => {
    const page = (posting: object) =>
      `<html><head><script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        ...posting,
      })}</script></head><body></body></html>`;
    expect(
      summary(
        await structuredDataIssues(
          page({
            title: 'No place',
            description: 'x',
            datePosted: 'not a date',
            jobLocation: [
              { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'US' } },
              { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Here' } },
            ],
            salary: 50000,
          }),
        ),
      ),
    ).toEqual(
      expect.arrayContaining([
        'ERROR Invalid type for attribute "datePosted"',
        'ERROR Required attribute "hiringOrganization" is missing',
        // The second place, read alone, has no country.
        'ERROR Required attribute "jobLocation.address.addressCountry" is missing',
        // Not a property of JobPosting in schema.org.
        'WARNING Property "salary" for type "JobPosting" is not supported by the schema.org specification',
      ]),
    );
  });
});
