import {
  recentJobLine,
  type Job,
  type RecentJobLine,
  type SearchResponse,
} from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, pay } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

// The clock stands at 2026-11-22 12:00 UTC (see buildTestApp).
const FIXTURES = [
  {
    title: 'Communications Director',
    organization: 'Coastal Justice Fund',
    description: 'Lead communications for our climate campaigns and shape the story we tell.',
    jobType: 'Full-time',
    experienceLevel: 'senior',
    pay: pay(90_000, 110_000),
    postedDate: '2026-11-20',
    locations: ['Washington, DC'],
    categories: ['Communications'],
  },
  {
    title: 'Data Editor',
    organization: 'Riverbend Public Media',
    description: 'Edit data stories and build charts for a public newsroom audience every week.',
    jobType: 'Part-time',
    experienceLevel: 'mid',
    pay: pay(50_000, 60_000),
    postedDate: '2026-11-21',
    featured: true,
    remote: true,
    locations: ['New York, NY', 'Remote'],
    categories: ['News and Audience', 'Product and Tech'],
  },
  {
    title: 'Grants Manager',
    organization: 'Open Ballot Project',
    description: 'Manage foundation grants, reporting and data on outcomes for our voting work.',
    jobType: 'Contract',
    experienceLevel: 'entry',
    postedDate: '2026-11-01',
    locations: ['Chicago, IL'],
    categories: ['Fundraising'],
  },
  {
    title: 'Development Associate',
    organization: 'Coastal Justice Fund',
    description: 'Support individual giving and events; work closely with our newsletter editor.',
    jobType: 'Full-time',
    experienceLevel: 'entry',
    pay: pay(45_000, null),
    postedDate: '2026-11-22',
    remote: true,
    locations: ['Remote'],
    categories: ['Fundraising', 'Nonprofit Role'],
  },
  {
    title: 'Senior Software Engineer',
    organization: 'Civic Code Lab',
    description: 'Build open-source tools for civic participation with a small product team.',
    jobType: 'Full-time',
    experienceLevel: 'senior',
    pay: pay(120_000, 150_000),
    postedDate: '2026-10-10',
    featured: true,
    locations: ['Austin, TX'],
    categories: ['Product and Tech'],
  },
  {
    title: 'Event Assistant',
    organization: 'Mile High Arts Alliance',
    description: 'Help run our spring gala and community events across the Denver region.',
    jobType: 'Temporary',
    experienceLevel: 'entry',
    postedDate: '2026-11-15',
    locations: ['Denver, CO'],
    categories: ['Other Good Roles'],
  },
  {
    title: 'Hidden Role',
    organization: 'Example Org',
    active: false,
    postedDate: '2026-11-21',
    locations: ['Boston, MA'],
    categories: ['Political'],
  },
  {
    title: 'Expired Role',
    organization: 'Example Org',
    postedDate: '2026-10-01',
    expiresAt: new Date('2026-11-21T00:00:00Z'),
    locations: ['Seattle, WA'],
    categories: ['Agencies'],
  },
];

let t: TestApp;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await createJobs(t.app, FIXTURES);
});
afterAll(() => t.close());

async function search(body: unknown): Promise<SearchResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jobs/search',
    payload: body as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const titles = (jobs: Job[]) => jobs.map((j) => j.title);

describe(`public jobs API on ${testDatabase}`, () => {
  describe('GET /api/jobs', () => {
    it('lists only active, unexpired jobs, featured first then newest', async () => {
      const res = await t.app.inject('/api/jobs');
      expect(res.statusCode).toBe(200);
      expect(titles(res.json())).toEqual([
        'Data Editor',
        'Senior Software Engineer',
        'Development Associate',
        'Communications Director',
        'Event Assistant',
        'Grants Manager',
      ]);
    });

    it('returns jobs in the shape of docs/product.md#entities', async () => {
      const jobs: Job[] = (await t.app.inject('/api/jobs')).json();
      const editor = jobs.find((j) => j.title === 'Data Editor')!;
      expect(editor).toMatchObject({
        id: ids['Data Editor'],
        organization: 'Riverbend Public Media',
        company: { name: 'Riverbend Public Media', description: 'An example nonprofit.' },
        location: 'New York, NY, Remote',
        locations: ['New York, NY', 'Remote'],
        jobType: 'Part-time',
        remote: true,
        salary: '$50,000 - $60,000 a year',
        salaryMin: 50_000,
        salaryMax: 60_000,
        pay: { min: 50_000, max: 60_000, period: 'year', currency: 'USD' },
        category: ['News and Audience', 'Product and Tech'],
        featured: true,
        saved: false,
        active: true,
        expired: false,
        postedDate: '2026-11-21',
      });
      const associate = jobs.find((j) => j.title === 'Development Associate')!;
      expect(associate.salary).toBe('From $45,000 a year');
      expect(jobs.find((j) => j.title === 'Grants Manager')!.salary).toBeUndefined();
    });
  });

  describe('GET /api/jobs/:id', () => {
    it('returns one public job', async () => {
      const res = await t.app.inject(`/api/jobs/${ids['Grants Manager']}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().title).toBe('Grants Manager');
    });

    it('keeps an expired job reachable and marks it expired', async () => {
      const res = await t.app.inject(`/api/jobs/${ids['Expired Role']}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ expired: true, expiresAt: '2026-11-21T00:00:00.000Z' });
    });

    it.each([
      ['an inactive job', () => ids['Hidden Role']],
      ['an unknown id', () => '999999'],
      ['a non-numeric id', () => 'abc'],
      ['an id with a sign', () => '-1'],
    ])('answers 404 JSON for %s', async (_, id) => {
      const res = await t.app.inject(`/api/jobs/${id()}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Job not found' });
    });
  });

  it('GET /api/jobs/recent lists public jobs of the last 10 days, newest first', async () => {
    const res = await t.app.inject('/api/jobs/recent');
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual([
      'Development Associate',
      'Data Editor',
      'Communications Director',
      'Event Assistant',
    ]);
  });

  it('GET /api/jobs/recent/lines gives the same jobs with only what the list shows', async () => {
    const recent = (await t.app.inject('/api/jobs/recent')).json() as Job[];
    const res = await t.app.inject('/api/jobs/recent/lines');
    expect(res.statusCode).toBe(200);
    const lines = res.json() as RecentJobLine[];
    expect(lines).toEqual(recent.map(recentJobLine));
    expect(Object.keys(lines[0]!).sort()).toEqual(
      [
        'applicationUrl',
        'category',
        'company',
        'id',
        'location',
        'locations',
        'postedDate',
        'title',
      ].sort(),
    );
  });

  it('GET /api/locations lists the locations of public jobs, alphabetically', async () => {
    const res = await t.app.inject('/api/locations');
    expect(res.json()).toEqual([
      'Austin, TX',
      'Chicago, IL',
      'Denver, CO',
      'New York, NY',
      'Remote',
      'Washington, DC',
    ]);
  });

  it('GET /api/categories lists the categories of public jobs, alphabetically', async () => {
    const res = await t.app.inject('/api/categories');
    expect(res.json()).toEqual([
      'Communications',
      'Fundraising',
      'News and Audience',
      'Nonprofit Role',
      'Other Good Roles',
      'Product and Tech',
    ]);
  });

  describe('POST /api/jobs/search', () => {
    it('with no body returns the first page of every public job, recent sort', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/jobs/search' });
      expect(res.statusCode).toBe(200);
      const body: SearchResponse = res.json();
      expect(body).toMatchObject({ total: 6, page: 1, pageSize: 10 });
      expect(titles(body.jobs)[0]).toBe('Data Editor');
    });

    describe('text search', () => {
      it.each([
        ['title', 'engineer', ['Senior Software Engineer']],
        ['organization', 'riverbend', ['Data Editor']],
        ['description', 'gala', ['Event Assistant']],
        ['location', 'chicago', ['Grants Manager']],
        ['a multi-word location', 'new york', ['Data Editor']],
        ['a word prefix', 'comm', ['Communications Director', 'Event Assistant']],
        ['every word (AND)', 'coastal fund editor', ['Development Associate']],
        ['any letter case and punctuation', '  DATA!!  ', ['Data Editor', 'Grants Manager']],
      ])('finds by %s', async (_, query, expected) => {
        const body = await search({ query, sortOption: 'recent' });
        expect(titles(body.jobs).sort()).toEqual([...expected].sort());
        expect(body.total).toBe(expected.length);
      });

      it('never finds inactive or expired jobs', async () => {
        expect((await search({ query: 'hidden' })).total).toBe(0);
        expect((await search({ query: 'expired' })).total).toBe(0);
      });

      it('treats a query of punctuation only as no query', async () => {
        expect((await search({ query: '"*)(' })).total).toBe(6);
      });
    });

    describe('filters', () => {
      it.each([
        [
          { jobType: { fullTime: true } },
          ['Communications Director', 'Development Associate', 'Senior Software Engineer'],
        ],
        [{ jobType: { partTime: true } }, ['Data Editor']],
        [{ jobType: { contract: true } }, ['Grants Manager']],
        [{ jobType: { partTime: true, contract: true } }, ['Data Editor', 'Grants Manager']],
        [{ jobType: { remote: true } }, ['Data Editor', 'Development Associate']],
        [{ jobType: { fullTime: true, remote: true } }, ['Development Associate']],
        [
          { experience: { entry: true } },
          ['Development Associate', 'Event Assistant', 'Grants Manager'],
        ],
        [{ experience: { mid: true } }, ['Data Editor']],
        [
          { experience: { senior: true, mid: true } },
          ['Communications Director', 'Data Editor', 'Senior Software Engineer'],
        ],
        [{ salaryRange: 'under-50k' }, ['Development Associate']],
        [{ salaryRange: '50k-75k' }, ['Data Editor']],
        [{ salaryRange: '75k-100k' }, ['Communications Director']],
        [{ salaryRange: '100k-plus' }, ['Communications Director', 'Senior Software Engineer']],
        [{ location: 'Remote' }, ['Data Editor', 'Development Associate']],
        [{ location: 'chicago, il' }, ['Grants Manager']],
        [{ location: 'Nowhere' }, []],
        [{ category: ['Fundraising'] }, ['Development Associate', 'Grants Manager']],
        [
          { category: ['Fundraising', 'Communications'] },
          ['Communications Director', 'Development Associate', 'Grants Manager'],
        ],
        [{ category: ['Political'] }, []],
        [
          { query: 'coastal', jobType: { fullTime: true }, category: ['Nonprofit Role'] },
          ['Development Associate'],
        ],
      ])('%j', async (filter, expected) => {
        const body = await search(filter);
        expect(titles(body.jobs).sort()).toEqual([...expected].sort());
        expect(body.total).toBe(expected.length);
      });
    });

    describe('sorting (docs/product.md#states-and-transitions)', () => {
      it('recent: featured first, then newest', async () => {
        expect(titles((await search({ sortOption: 'recent' })).jobs)).toEqual([
          'Data Editor',
          'Senior Software Engineer',
          'Development Associate',
          'Communications Director',
          'Event Assistant',
          'Grants Manager',
        ]);
      });

      it('relevance: featured first, then the best text match', async () => {
        const body = await search({ query: 'data', sortOption: 'relevance' });
        // Data Editor is featured and matches in its title; Grants Manager only in its description.
        expect(titles(body.jobs)).toEqual(['Data Editor', 'Grants Manager']);
        const both = await search({ query: 'editor', sortOption: 'relevance' });
        expect(titles(both.jobs)).toEqual(['Data Editor', 'Development Associate']);
      });

      it('relevance ranks a title match above a description match among equals', async () => {
        const local = await buildTestApp();
        try {
          await createJobs(local.app, [
            {
              title: 'Policy Analyst',
              description: 'Write about climate policy for a wide audience of readers.',
              postedDate: '2026-11-21',
            },
            {
              title: 'Climate Reporter',
              description: 'Report on the environment beat for our regional newsroom.',
              postedDate: '2026-11-01',
            },
          ]);
          const res = await local.app.inject({
            method: 'POST',
            url: '/api/jobs/search',
            payload: { query: 'climate', sortOption: 'relevance' },
          });
          expect(titles(res.json().jobs)).toEqual(['Climate Reporter', 'Policy Analyst']);
          const recent = await local.app.inject({
            method: 'POST',
            url: '/api/jobs/search',
            payload: { query: 'climate' },
          });
          expect(titles(recent.json().jobs)).toEqual(['Policy Analyst', 'Climate Reporter']);
        } finally {
          await local.close();
        }
      });

      it('salary-high: largest figure first, jobs without salary last, featured not first', async () => {
        expect(titles((await search({ sortOption: 'salary-high' })).jobs)).toEqual([
          'Senior Software Engineer',
          'Communications Director',
          'Data Editor',
          'Development Associate',
          'Event Assistant',
          'Grants Manager',
        ]);
      });

      it('salary-low: smallest figure first, jobs without salary last', async () => {
        expect(titles((await search({ sortOption: 'salary-low' })).jobs)).toEqual([
          'Development Associate',
          'Data Editor',
          'Communications Director',
          'Senior Software Engineer',
          'Event Assistant',
          'Grants Manager',
        ]);
      });
    });

    describe('paging', () => {
      it('returns the requested page and the total', async () => {
        const first = await search({ page: 1, pageSize: 4 });
        const second = await search({ page: 2, pageSize: 4 });
        expect(first).toMatchObject({ total: 6, page: 1, pageSize: 4 });
        expect(first.jobs).toHaveLength(4);
        expect(second.jobs).toHaveLength(2);
        const all = [...titles(first.jobs), ...titles(second.jobs)];
        expect(new Set(all).size).toBe(6);
      });

      it('gives an empty page past the end, with the total', async () => {
        const body = await search({ page: 5 });
        expect(body).toMatchObject({ jobs: [], total: 6, page: 5 });
      });
    });

    describe('bad input gets 400 naming the field', () => {
      it.each([
        [{ page: 0 }, 'page'],
        [{ page: 'two' }, 'page'],
        [{ page: 1.5 }, 'page'],
        [{ pageSize: 101 }, 'pageSize'],
        [{ sortOption: 'cheapest' }, 'sortOption'],
        [{ salaryRange: 'lots' }, 'salaryRange'],
        [{ jobType: { fullTime: 'yes' } }, 'jobType.fullTime'],
        [{ jobType: 'Full-time' }, 'jobType'],
        [{ category: 'Fundraising' }, 'category'],
        [{ category: [1] }, 'category.0'],
        [{ query: 'x'.repeat(201) }, 'query'],
        [{ colour: 'red' }, 'colour'],
        [[], 'body'],
      ])('%j', async (payload, field) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/jobs/search',
          payload: payload as object,
        });
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body.field).toBe(field);
        expect(body.message).toContain(field === 'body' ? '' : `${field}:`);
      });

      it('answers malformed JSON with 400 JSON', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/jobs/search',
          headers: { 'content-type': 'application/json' },
          payload: '{"query": ',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/JSON/);
      });
    });
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });
});
