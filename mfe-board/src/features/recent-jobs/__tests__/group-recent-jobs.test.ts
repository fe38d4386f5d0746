import { describe, expect, it } from 'vitest';
import { makeJob } from '../../../test-support/jobs';
import {
  groupRecentJobs,
  headingOfLabel,
  recentEntry,
  recentEntryText,
} from '../lib/group-recent-jobs';

const titles = (groups: ReturnType<typeof groupRecentJobs>) =>
  groups.map(({ heading, jobs }) => [heading, jobs.map((j) => j.title)]);

describe('the recent list grouping', () => {
  it('matches a label to the first heading it contains, ignoring case', () => {
    expect(headingOfLabel('Communications')).toBe('Communications');
    expect(headingOfLabel('nonprofit COMMUNICATIONS roles')).toBe('Communications');
    expect(headingOfLabel('Product and Tech')).toBe('Product and Tech');
    expect(headingOfLabel('Uncategorized')).toBeNull();
    expect(headingOfLabel('Tech')).toBeNull();
  });

  it('lists headings in the order of docs/product.md#routes-and-screens with Other last, leaving out empty ones', () => {
    const groups = groupRecentJobs([
      makeJob({ title: 'A', category: ['Uncategorized'] }),
      makeJob({ title: 'B', category: ['Product and Tech'] }),
      makeJob({ title: 'C', category: ['Political'] }),
      makeJob({ title: 'D', category: ['News and Audience'] }),
      makeJob({ title: 'E', category: ['Philanthropy'] }),
      makeJob({ title: 'F', category: ['Fundraising'] }),
    ]);
    expect(groups.map((g) => g.heading)).toEqual([
      'News and Audience',
      'Fundraising',
      'Philanthropy',
      'Political',
      'Product and Tech',
      'Other',
    ]);
  });

  it('lists a job under every heading one of its labels matches, once each', () => {
    const groups = groupRecentJobs([
      makeJob({ title: 'Newsletter Editor', category: ['News and Audience', 'Communications'] }),
      makeJob({
        title: 'Grants Manager',
        category: ['Philanthropy', 'Fundraising', 'fundraising'],
      }),
      makeJob({ title: 'Operations', category: ['Uncategorized', 'Communications'] }),
      makeJob({ title: 'Odd Job', category: ['Uncategorized'] }),
      makeJob({ title: 'No Label', category: [] }),
    ]);
    expect(titles(groups)).toEqual([
      ['News and Audience', ['Newsletter Editor']],
      ['Communications', ['Newsletter Editor', 'Operations']],
      ['Fundraising', ['Grants Manager']],
      ['Philanthropy', ['Grants Manager']],
      // Only jobs that match no heading at all go to Other.
      ['Other', ['No Label', 'Odd Job']],
    ]);
  });

  it('puts the newest first within a group, then orders by title', () => {
    const groups = groupRecentJobs([
      makeJob({ title: 'Older', postedDate: '2026-11-15', category: ['Agencies'] }),
      makeJob({ title: 'Zebra', postedDate: '2026-11-20', category: ['Agencies'] }),
      makeJob({ title: 'Apple', postedDate: '2026-11-20', category: ['Agencies'] }),
      makeJob({ title: 'Undated', postedDate: 'Recently', category: ['Agencies'] }),
    ]);
    expect(titles(groups)).toEqual([['Agencies', ['Apple', 'Zebra', 'Older', 'Undated']]]);
  });
});

describe('a recent list entry', () => {
  it("reads 'title : company (location / location)'", () => {
    const job = makeJob({
      title: 'Salesforce Administrator',
      company: { name: 'Evergreen Disability Advocates', description: '', websiteUrl: '' },
      location: 'Seattle, WA, Portland, OR, Remote',
      locations: ['Seattle, WA', 'Portland, OR', 'Remote'],
      applicationUrl: 'https://evergreen.example.org/jobs/1',
    });
    expect(recentEntryText(job)).toBe(
      'Salesforce Administrator : Evergreen Disability Advocates (Seattle, WA / Portland, OR / Remote)',
    );
    // The job's page, counted for the list (issue 44), not the employer's address.
    expect(recentEntry(job).href).toBe(`/jobs/${job.id}?via=list`);
  });

  it("links to the job's page whatever its application URL, and leaves out empty brackets", () => {
    // A job that takes applications on the board, or says how to apply: its page says which.
    const job = makeJob({ id: '12', title: 'Copy Editor', location: '', locations: [] });
    expect(recentEntry(job).href).toBe('/jobs/12?via=list');
    expect(recentEntry({ ...job, applicationUrl: 'javascript:alert(1)' }).href).toBe(
      '/jobs/12?via=list',
    );
    expect(recentEntryText(job)).toBe('Copy Editor : Coastal Justice Fund');
  });

  it("shows a location's commas as ' / ' when the job has no separate list", () => {
    const job = makeJob({ title: 'T', location: 'Austin, TX, Remote', locations: [] });
    expect(recentEntryText(job)).toBe('T : Coastal Justice Fund (Austin / TX / Remote)');
  });
});
