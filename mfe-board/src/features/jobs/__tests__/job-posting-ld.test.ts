import { describe, expect, it } from 'vitest';
import { makeJob } from '../../../test-support/jobs';
import { jobPostingLd, serializeLd } from '../lib/job-posting-ld';

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
      salaryMin: 110000,
      salaryMax: 128000,
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
    });
  });

  it('has none for an expired job', () => {
    expect(jobPostingLd(makeJob({ expired: true }), 'https://x.org')).toBeNull();
  });

  it('cannot be closed early by the text it carries', () => {
    const data = jobPostingLd(
      makeJob({ title: '</script><script>alert(1)</script>' }),
      'https://x.org',
    )!;
    expect(serializeLd(data)).not.toContain('</script>');
    expect(JSON.parse(serializeLd(data)).title).toBe('</script><script>alert(1)</script>');
  });
});
