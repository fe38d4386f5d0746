import { APPLY_LIMITS } from '@jobboard/contract/applications';
import type { AdminJob } from '@jobboard/contract/admin';
import type { Job } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airtableFieldName, applyOf, mapRecord } from '../../src/sync/field-mapping';
import { signedIn } from '../support/admin';
import { startFakeAirtable, type FakeAirtable } from '../support/fake-airtable';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * How a synced job takes applications (issue 42, docs/product.md#applying): its link, or its
 * "How to Apply" read as a link, an address to relay to, or words to show. Never the board's form
 * (no employer signs in to read its inbox). An admin's choice outranks the source's.
 */

const NOW = new Date('2026-11-22T12:00:00Z');

describe('the mapping of a record’s way to apply', () => {
  it.each([
    [
      'a link alone',
      'https://x.example/apply',
      '',
      {
        applyMethod: 'link',
        applicationUrl: 'https://x.example/apply',
        applicationEmail: null,
        howToApply: null,
      },
    ],
    [
      'words that are a web address',
      '',
      ' https://x.example/jobs ',
      {
        applyMethod: 'link',
        applicationUrl: 'https://x.example/jobs',
        applicationEmail: null,
        howToApply: null,
      },
    ],
    [
      'words that are an address',
      '',
      'jobs@x.example',
      {
        applyMethod: 'email',
        applicationUrl: null,
        applicationEmail: 'jobs@x.example',
        howToApply: null,
      },
    ],
    [
      'a mailto: link',
      '',
      'mailto:Jobs@x.example?subject=Organizer',
      {
        applyMethod: 'email',
        applicationUrl: null,
        applicationEmail: 'Jobs@x.example',
        howToApply: null,
      },
    ],
    [
      'other words',
      '',
      'Send a letter to 5 Main St.',
      {
        applyMethod: null,
        applicationUrl: null,
        applicationEmail: null,
        howToApply: 'Send a letter to 5 Main St.',
      },
    ],
    [
      'a link and words',
      'https://x.example/a',
      'Mention this board.',
      {
        applyMethod: 'link',
        applicationUrl: 'https://x.example/a',
        applicationEmail: null,
        howToApply: 'Mention this board.',
      },
    ],
    [
      'a link and an address (kept, never shown)',
      'https://x.example/a',
      'jobs@x.example',
      {
        applyMethod: 'link',
        applicationUrl: 'https://x.example/a',
        applicationEmail: 'jobs@x.example',
        howToApply: null,
      },
    ],
    [
      'nothing',
      '',
      '',
      { applyMethod: null, applicationUrl: null, applicationEmail: null, howToApply: null },
    ],
  ])('%s', (_name, link, words, expected) => {
    expect(applyOf(link, words)).toEqual(expected);
  });

  it('reads Airtable’s "How to Apply" and a feed’s howToApply or apply.howToApply; skips words too long', () => {
    expect(airtableFieldName('howToApply')).toBe('How to Apply');
    const record = (fields: Record<string, unknown>) =>
      mapRecord(
        {
          externalId: 'r1',
          fields: {
            title: 'Organizer',
            organization: 'Org',
            description: 'Organize.',
            jobType: 'Full-time',
            location: 'Austin, TX',
            ...fields,
          },
        },
        NOW,
        airtableFieldName,
      );
    expect(record({ howToApply: 'hr@org.example' })).toMatchObject({
      ok: true,
      input: { applyMethod: 'email', applicationEmail: 'hr@org.example' },
    });
    expect(record({ apply: { howToApply: 'Call us.' } })).toMatchObject({
      ok: true,
      input: { applyMethod: null, howToApply: 'Call us.' },
    });
    expect(record({ howToApply: 'x'.repeat(APPLY_LIMITS.howToApply + 1) })).toEqual({
      ok: false,
      externalId: 'r1',
      reason: `'How to Apply' is longer than ${APPLY_LIMITS.howToApply} characters`,
    });
  });
});

describe(`a sync's way to apply, and the admin's over it, on ${testDatabase}`, () => {
  let fake: FakeAirtable;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    fake = await startFakeAirtable();
    t = await buildTestApp({ now: NOW, env: { JOB_FEED_URL: fake.feedUrl } });
    admin = await signedIn(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const feedJob = (id: string, fields: Record<string, unknown>) => ({
    id,
    title: `Feed Role ${id}`,
    organization: 'Feed Org',
    location: 'Austin, TX',
    jobType: 'Part-time',
    description: 'Edits the newsletter and writes for the site.',
    postedDate: 'Today',
    category: 'News and Audience',
    ...fields,
  });
  const refresh = async () => {
    const res = await admin({ url: '/api/refresh-jobs' });
    expect(res.statusCode, res.body).toBe(200);
  };
  const jobNamed = async (title: string) => {
    const jobs = (await admin({ url: '/api/admin/jobs' })).json() as AdminJob[];
    return jobs.find((j) => j.title === title)!;
  };

  it('relays to an address, shows words without a button, and keeps an admin’s choice', async () => {
    fake.feed = [
      feedJob('1', { howToApply: 'apply@feed.example' }),
      feedJob('2', { howToApply: 'Apply in person at the front desk.' }),
    ];
    await refresh();
    const relayed = await jobNamed('Feed Role 1');
    expect(relayed).toMatchObject({ applyMethod: 'email', applicationEmail: 'apply@feed.example' });
    const shown = (await t.app.inject(`/api/jobs/${relayed.id}`)).json() as Job;
    expect(shown.apply?.method).toBe('board');
    expect(JSON.stringify(shown)).not.toContain('apply@feed.example');
    const words = (
      await t.app.inject(`/api/jobs/${(await jobNamed('Feed Role 2')).id}`)
    ).json() as Job;
    expect(words.apply).toEqual({
      method: 'none',
      questions: [],
      howToApply: 'Apply in person at the front desk.',
    });

    // The admin sends applications to a link of their own: the source's address no longer
    // decides, whatever it says next.
    const put = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${relayed.id}`,
      payload: { applyMethod: 'link', applicationUrl: 'https://board.example/apply/1' },
    });
    expect(put.statusCode, put.body).toBe(200);
    fake.feed = [
      feedJob('1', { howToApply: 'other@feed.example' }),
      feedJob('2', { howToApply: 'https://feed.example/apply/2' }),
    ];
    await refresh();
    expect(await jobNamed('Feed Role 1')).toMatchObject({
      applyMethod: 'link',
      applicationUrl: 'https://board.example/apply/1',
      applicationEmail: 'apply@feed.example',
    });
    // The other job follows its source: its words became a link.
    expect(await jobNamed('Feed Role 2')).toMatchObject({
      applyMethod: 'link',
      applicationUrl: 'https://feed.example/apply/2',
      howToApply: null,
    });
  });
});
