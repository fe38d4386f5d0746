import type { PayPeriod } from '../pay';
import { describe, expect, it } from 'vitest';
import { ADMIN_JOB_TYPES } from '../choices';
import type { Job } from '../job';
import { employmentTypeOf, jobPostingLd, jsonForScript } from '../job-posting';

function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: '7',
    title: 'Job 7',
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

describe('the JobPosting of each workplace (issue 47)', () => {
  const ld = (overrides: Partial<Job>) =>
    jobPostingLd(makeJob(overrides), 'https://jobs.example.org')!;
  const DC = {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'Washington',
      addressRegion: 'DC',
      addressCountry: 'US',
    },
  };

  it('remote: TELECOMMUTE, with the places applicants may be in as a country, states and areas', () => {
    const job = ld({
      workplaceType: 'remote',
      remotePlaces: 'MD, Virginia, DC',
      locations: ['Remote'],
    });
    expect(job.jobLocationType).toBe('TELECOMMUTE');
    expect(job.jobLocation).toBeUndefined();
    expect(job.applicantLocationRequirements).toEqual([
      { '@type': 'State', name: 'Maryland' },
      { '@type': 'State', name: 'Virginia' },
      { '@type': 'AdministrativeArea', name: 'District of Columbia' },
    ]);
    expect(
      ld({ workplaceType: 'remote', remotePlaces: 'USA' }).applicantLocationRequirements,
    ).toEqual({ '@type': 'Country', name: 'US' });
    expect(
      ld({ workplaceType: 'remote', remotePlaces: 'Ontario' }).applicantLocationRequirements,
    ).toEqual({ '@type': 'AdministrativeArea', name: 'Ontario' });
    // No places said: anywhere in the board's country.
    expect(ld({ workplaceType: 'remote', remotePlaces: '' }).applicantLocationRequirements).toEqual(
      {
        '@type': 'Country',
        name: 'US',
      },
    );
  });

  it('hybrid: its places of work only, never TELECOMMUTE (Google keeps that for fully remote jobs)', () => {
    const job = ld({ workplaceType: 'hybrid', remotePlaces: 'MD, VA, DC', remote: false });
    expect(job.jobLocation).toEqual([DC]);
    expect(job).not.toHaveProperty('jobLocationType');
    expect(job).not.toHaveProperty('applicantLocationRequirements');
  });

  it('on-site: its places of work only', () => {
    const job = ld({ workplaceType: 'on_site' });
    expect(job.jobLocation).toEqual([DC]);
    expect(job).not.toHaveProperty('jobLocationType');
    expect(job).not.toHaveProperty('applicantLocationRequirements');
  });

  it('a job from an API before workplaces: remote by its flag or a location named Remote', () => {
    expect(ld({ remote: true }).jobLocationType).toBe('TELECOMMUTE');
    expect(ld({ locations: ['Remote'] }).jobLocationType).toBe('TELECOMMUTE');
    expect(ld({}).jobLocationType).toBeUndefined();
  });
});

describe('the JobPosting structured data', () => {
  it('describes the job for search engines', () => {
    const job = makeJob({
      id: '14',
      title: 'Program Officer',
      postedDate: '2026-11-01',
      deadline: '2026-12-31',
      jobType: 'Full-time',
      locations: ['Chicago, IL', 'Remote'],
      remote: true,
      pay: { min: 110000, max: 128000, period: 'year', currency: 'USD' },
    });
    expect(jobPostingLd(job, 'https://jobs.example.org')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Program Officer',
      description: 'A role that matters.',
      identifier: { '@type': 'PropertyValue', name: 'Coastal Justice Fund', value: '14' },
      url: 'https://jobs.example.org/jobs/14',
      datePosted: '2026-11-01',
      validThrough: '2026-12-31',
      employmentType: 'FULL_TIME',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Coastal Justice Fund',
        sameAs: 'https://coastaljusticefund.org',
      },
      jobLocation: [
        {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            addressLocality: 'Chicago',
            addressRegion: 'IL',
            addressCountry: 'US',
          },
        },
      ],
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'US' },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: {
          '@type': 'QuantitativeValue',
          minValue: 110000,
          maxValue: 128000,
          unitText: 'YEAR',
        },
      },
      directApply: false,
    });
  });

  it('says applications are made on the board only for a job that takes them there (issue 42)', () => {
    const ld = (job: Partial<Job>) => jobPostingLd(makeJob(job), 'https://x.org')!.directApply;
    expect(ld({ apply: { method: 'board', questions: [] } })).toBe(true);
    const link = { applicationUrl: 'https://x.org/apply' };
    expect(ld({ ...link, apply: { method: 'link', questions: [] } })).toBe(false);
    expect(ld({ apply: { method: 'none', questions: [], howToApply: 'Write to us.' } })).toBe(
      false,
    );
    // An answer of an API from before apply: by its link, or not on the board.
    expect(ld(link)).toBe(false);
    expect(ld({})).toBe(false);
  });

  it('has none for an expired job', () => {
    expect(jobPostingLd(makeJob({ expired: true }), 'https://x.org')).toBeNull();
  });

  it('takes validThrough from the expiry when there is no readable deadline', () => {
    const job = makeJob({ deadline: 'when filled', expiresAt: '2026-12-20T12:00:00.000Z' });
    expect(jobPostingLd(job, 'https://x.org')?.validThrough).toBe('2026-12-20T12:00:00.000Z');
  });

  it("gives every place its country, a 'City, ST' or not (Google requires it)", () => {
    const ld = jobPostingLd(makeJob({ locations: ['Portland', 'Denver, CO'] }), 'https://x.org')!;
    expect(ld.jobLocation).toEqual([
      {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Portland', addressCountry: 'US' },
      },
      {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Denver',
          addressRegion: 'CO',
          addressCountry: 'US',
        },
      },
    ]);
  });

  it('writes a salary floor or ceiling as such', () => {
    const pay = (min: number | null, max: number | null) =>
      makeJob({ pay: { min, max, period: 'year', currency: 'USD' } });
    const floor = jobPostingLd(pay(60000, null), 'https://x.org')!;
    expect(floor.baseSalary).toMatchObject({ value: { minValue: 60000, unitText: 'YEAR' } });
    const ceiling = jobPostingLd(pay(null, 75000), 'https://x.org')!;
    expect(ceiling.baseSalary).toMatchObject({ value: { maxValue: 75000 } });
    const exact = jobPostingLd(pay(5e4, 5e4), 'https://x.org')!;
    expect(exact.baseSalary).toMatchObject({ value: { value: 50000 } });
  });

  it("tells Google each period's unit and the currency, and leaves a total out", () => {
    const ld = (period: PayPeriod, currency = 'USD') =>
      jobPostingLd(makeJob({ pay: { min: 25, max: 30, period, currency } }), 'https://x.org')!
        .baseSalary;
    expect(ld('hour')).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 25, maxValue: 30, unitText: 'HOUR' },
    });
    expect(ld('day')).toMatchObject({ value: { unitText: 'DAY' } });
    expect(ld('week')).toMatchObject({ value: { unitText: 'WEEK' } });
    expect(ld('month', 'CAD')).toMatchObject({ currency: 'CAD', value: { unitText: 'MONTH' } });
    expect(ld('stipend')).toBeUndefined();
    expect(ld('fee')).toBeUndefined();
  });

  it('maps every job type of the contract, in any letter case, and anything else to OTHER', () => {
    for (const type of ADMIN_JOB_TYPES) expect(employmentTypeOf(type)).not.toBe('OTHER');
    expect(employmentTypeOf(' part-TIME ')).toBe('PART_TIME');
    expect(employmentTypeOf('Remote')).toBe('OTHER');
  });

  it('cannot be closed early by the text it carries', () => {
    const title = '</script><script>alert(1)</script> & <!-- \u2028';
    const text = jsonForScript(jobPostingLd(makeJob({ title }), 'https://x.org'));
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect((JSON.parse(text) as { title: string }).title).toBe(title);
  });
});
