import { rmSync } from 'node:fs';
import { TEAM_MESSAGES } from '@jobboard/contract/employer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { organizationPageReleases } from './organization-releases';

/**
 * Issue 47, a merged company: an admin merges a duplicate into another, and its page answers a
 * permanent redirect to the survivor's (the server's page and the API's read, down a chain of
 * merges), the sitemap never lists it, and a job naming its name is filed under the survivor.
 */

let t: TestApp;
let releases: string;
let admin: Awaited<ReturnType<typeof signedIn>>;

const company = async (name: string) =>
  (await t.db('companies').where({ name }).first('id', 'slug', 'merged_into_id')) as {
    id: number;
    slug: string;
    merged_into_id: number | null;
  };

const merge = (from: number, into: number) =>
  admin({
    method: 'POST',
    url: `/api/admin/companies/${from}/merge`,
    payload: { intoCompanyId: into },
  });

beforeAll(async () => {
  releases = organizationPageReleases();
  t = await buildTestApp({
    env: { RELEASES_DIR: releases, BOARD_NAME: 'Good Jobs' },
  });
  admin = await signedIn(t);
  await createJobs(t.app, [
    { title: 'Organizer', organization: 'Acme Advocacy' },
    { title: 'Writer', organization: 'ACME Advocacy Inc.' },
    { title: 'Analyst', organization: 'Acme Advocacy LLC' },
    { title: 'Editor', organization: 'Open Newsroom' },
  ]);
  // Seen (and cached) before the merge: the merge must drop what was kept.
  expect((await t.app.inject('/api/organizations/acme-advocacy-inc')).statusCode).toBe(200);
  expect((await t.app.inject('/organizations/acme-advocacy-inc')).statusCode).toBe(200);
  const [keep, inc, llc] = [
    await company('Acme Advocacy'),
    await company('ACME Advocacy Inc.'),
    await company('Acme Advocacy LLC'),
  ];
  // A chain: Inc. into LLC, then LLC into Acme Advocacy.
  expect((await merge(inc.id, llc.id)).statusCode).toBe(200);
  expect((await merge(llc.id, keep.id)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  rmSync(releases, { recursive: true, force: true });
});

describe(`a merged company, on ${testDatabase}`, () => {
  it('is marked merged into its survivor, and a merge into a company merged into it is refused', async () => {
    const [keep, inc, llc] = [
      await company('Acme Advocacy'),
      await company('ACME Advocacy Inc.'),
      await company('Acme Advocacy LLC'),
    ];
    expect(Number(inc.merged_into_id)).toBe(llc.id);
    expect(Number(llc.merged_into_id)).toBe(keep.id);
    expect(keep.merged_into_id).toBeNull();
    // Acme Advocacy into Inc.: Inc. stands for Acme Advocacy itself, so that would be a loop.
    const loop = await merge(keep.id, inc.id);
    expect(loop.statusCode).toBe(409);
    expect(loop.json().message).toBe(TEAM_MESSAGES.companyMergeIntoItself);
    expect((await company('Acme Advocacy')).merged_into_id).toBeNull();
  });

  it("answers GET /api/organizations/{slug} with a 301 to the survivor's, down the chain, keeping the page", async () => {
    for (const slug of ['acme-advocacy-inc', 'acme-advocacy-llc']) {
      const res = await t.app.inject(`/api/organizations/${slug}`);
      expect(res.statusCode, slug).toBe(301);
      expect(res.headers.location).toBe('/api/organizations/acme-advocacy');
    }
    const paged = await t.app.inject('/api/organizations/acme-advocacy-inc?page=2');
    expect(paged.headers.location).toBe('/api/organizations/acme-advocacy?page=2');
    const survivor = (await t.app.inject('/api/organizations/acme-advocacy')).json();
    expect(survivor.organization.slug).toBe('acme-advocacy');
    expect(survivor.jobs.map((job: { title: string }) => job.title).sort()).toEqual(
      ['Analyst', 'Organizer', 'Writer'].sort(),
    );
  });

  it("answers the server's page /organizations/{slug} with a 301 to the survivor's page", async () => {
    const res = await t.app.inject('/organizations/acme-advocacy-inc');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/organizations/acme-advocacy');
    const paged = await t.app.inject('/organizations/acme-advocacy-llc?page=2&x=1');
    expect(paged.statusCode).toBe(301);
    expect(paged.headers.location).toBe('/organizations/acme-advocacy?page=2');
    expect((await t.app.inject('/organizations/acme-advocacy')).statusCode).toBe(200);
  });

  it('is never in the sitemap, even with a live job filed under it meanwhile', async () => {
    // A job written under the duplicate by a transaction that began before the merge.
    const inc = await company('ACME Advocacy Inc.');
    const [job] = await createJobs(t.app, [
      { title: 'Late Role', organization: 'Open Newsroom' },
    ]).then((ids) => Object.values(ids));
    await t
      .db('jobs')
      .where({ id: Number(job) })
      .update({ company_id: inc.id });
    t.app.publicReads.cache.invalidate();
    const body = (await t.app.inject('/sitemap.xml')).body;
    const slugs = [...body.matchAll(/<loc>[^<]*\/organizations\/([^<]+)<\/loc>/g)].map(
      (match) => match[1],
    );
    expect(slugs.sort()).toEqual(['acme-advocacy', 'open-newsroom']);
    await t
      .db('jobs')
      .where({ id: Number(job) })
      .delete();
  });

  it("files a later job naming a merged company's name under the survivor, down the chain", async () => {
    const ids = await createJobs(t.app, [
      // As a sync writes a job (the source's writer: companies.ts writerOf).
      { title: 'Synced Again', organization: 'ACME Advocacy Inc.', source: 'airtable' },
      { title: 'Submitted Again', organization: 'Acme Advocacy LLC' },
    ]);
    const keep = await company('Acme Advocacy');
    for (const title of ['Synced Again', 'Submitted Again']) {
      const row = await t
        .db('jobs')
        .where({ id: Number(ids[title]) })
        .first('company_id');
      expect(Number(row.company_id), title).toBe(keep.id);
      const job = (await t.app.inject(`/api/jobs/${ids[title]}`)).json();
      expect(job.organization, title).toBe('Acme Advocacy');
      expect(job.company.slug, title).toBe('acme-advocacy');
    }
    expect((await t.app.inject('/api/organizations/acme-advocacy-inc')).statusCode).toBe(301);
  });

  it('merges into a company merged already as into the company it was merged into', async () => {
    await createJobs(t.app, [{ title: 'Third Role', organization: 'Acme Third' }]);
    const [third, inc, keep] = [
      await company('Acme Third'),
      await company('ACME Advocacy Inc.'),
      await company('Acme Advocacy'),
    ];
    const res = await merge(third.id, inc.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(TEAM_MESSAGES.companyMerged('Acme Third', 'Acme Advocacy', 1));
    expect(Number((await company('Acme Third')).merged_into_id)).toBe(keep.id);
    const page = await t.app.inject('/organizations/acme-third');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/organizations/acme-advocacy');
  });
});
