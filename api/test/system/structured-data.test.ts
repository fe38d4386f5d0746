import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSiteWith, type BuiltSite } from '../support/built-site';
import { fakeReleases } from '../support/releases';
import { structuredDataIssues, type ValidationIssue } from '../support/structured-data';
import { pay } from '../support/jobs';
import { testDatabase } from '../support/test-app';

/**
 * Issue 24: each job page's JobPosting JSON-LD, as the built site serves it at /jobs/{id}, passes
 * a structured-data validator with Google's JobPosting rules and schema.org's vocabulary
 * (@adobe/structured-data-validator, test/support/structured-data.ts): no error, and of the
 * recommended fields only those the job has no value for are missing.
 */

const DAY = 86_400_000;

/** A job of each pay period, and the unitText Google is told (none for a total). */
const PERIOD_JOBS = [
  ['Hourly Canvasser', pay(25, 30, 'hour'), 'HOUR'],
  ['Day Photographer', pay(450, 450, 'day'), 'DAY'],
  ['Weekly Producer', pay(1200, 1500, 'week'), 'WEEK'],
  ['Monthly Fellow', pay(3000, 3000, 'month'), 'MONTH'],
  ['Yearly Editor', pay(60000, 75000, 'year'), 'YEAR'],
  ['Stipend Fellow', pay(5000, 5000, 'stipend'), null],
  ['Fixed Fee Writer', pay(2000, 2000, 'fee'), null],
] as const;

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
        pay: pay(70000, 90000),
        deadline: '12/31/2099',
        postedDate: '2026-11-18',
      },
      {
        title: 'Organizer',
        organization: 'Two Cities Coalition',
        jobType: 'Contract',
        locations: ['Chicago, IL', 'New York, NY', 'Springfield'],
        pay: pay(60000, null),
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
        pay: pay(null, 80000),
        postedDate: '2026-11-21',
      },
      // A job that takes applications on the board (issue 42): directApply true.
      {
        title: 'Board Reporter',
        organization: 'Open Newsroom',
        applyMethod: 'form',
        jobType: 'Full-time',
        locations: ['Denver, CO'],
        pay: pay(52000, 58000),
        expiresAt: new Date(Date.now() + 20 * DAY),
        postedDate: '2026-11-22',
      },
      // A job of each period (issue 39): its baseSalary with the period's unit, a total without.
      ...PERIOD_JOBS.map(([title, given]) => ({
        title,
        organization: 'Pay Period Fund',
        jobType: 'Part-time',
        locations: ['Denver, CO'],
        pay: given,
        expiresAt: new Date(Date.now() + 20 * DAY),
        postedDate: '2026-11-22',
      })),
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

  it.each(PERIOD_JOBS)(
    'a job paid %s: valid, its baseSalary in the period\u2019s unit (a total has none)',
    async (title, given, unitText) => {
      const res = await fetch(`${site.api.url}/jobs/${site.ids[title]}`);
      const html = await res.text();
      const ld = JSON.parse(
        /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!,
      ) as { baseSalary?: { currency: string; value: Record<string, unknown> } };
      const issues = summary(await structuredDataIssues(html));
      if (unitText) {
        expect(issues).toEqual(ON_SITE_ONLY);
        expect(ld.baseSalary).toEqual({
          '@type': 'MonetaryAmount',
          currency: 'USD',
          value: {
            '@type': 'QuantitativeValue',
            ...(given.min === given.max
              ? { value: given.min }
              : { minValue: given.min, maxValue: given.max }),
            unitText,
          },
        });
      } else {
        // Google has no unit for a whole engagement's pay; a YEAR would mislead its filters.
        expect(issues).toEqual(
          [...ON_SITE_ONLY, 'WARNING Missing field "baseSalary" (optional)'].sort(),
        );
        expect(ld.baseSalary).toBeUndefined();
      }
    },
  );

  it('a job that takes applications on the board: valid, directApply true', async () => {
    const res = await fetch(`${site.api.url}/jobs/${site.ids['Board Reporter']}`);
    const html = await res.text();
    expect(html).toContain('"directApply":true');
    expect(summary(await structuredDataIssues(html))).toEqual(ON_SITE_ONLY);
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
