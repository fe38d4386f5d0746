import {
  ADMIN_LIMITS,
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  type NewsletterBlock,
  type NewsletterIssue,
  type NewsletterPage,
} from '@jobboard/contract/admin';
import { addDays, isoDate } from '@jobboard/contract/common';
import type { EmployerListings } from '@jobboard/contract/employer';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GhostAdmin } from '../../src/newsletter/ghost-admin';
import { CSRF, createAdmin, login, sessionCookie, signedIn } from '../support/admin';
import { signedInEmployer } from '../support/employers';
import { FakeGhostAdmin } from '../support/fake-ghost-admin';
import { createJobs } from '../support/jobs';
import { fuzzBody, fuzzRuns, fuzzValue } from '../support/fuzz';
import { invalidRows } from '../support/rows';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The newsletter block (issue 44, docs/product.md#newsletter) through the API, against a stand-in
 * of Ghost's Admin API that checks each token as Ghost does (support/fake-ghost-admin.ts); the
 * real Ghost 5 and 6 are e2e/tests/ghost-newsletter.spec.ts's. The app's clock: Sunday
 * 2026-11-22, so the default range is November 16 to 22.
 */

const PUBLIC_URL = 'http://localhost:3000';
const EMPLOYER = 'hiring@policylab.example';

let ghost: FakeGhostAdmin;
let key: string;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const ids: Record<string, string> = {};

/** A listing bought in `tier` and published (paid) at `at`: its job's id. */
async function paidListing(
  title: string,
  tier: 'basic' | 'featured',
  at: string,
  more: Record<string, unknown> = {},
): Promise<string> {
  const before = t.clock.now;
  t.clock.now = new Date(at);
  try {
    const id = await insertSubmission(t.db, {
      title,
      listing_type: tier,
      amount_cents: tier === 'featured' ? 19_900 : 9_900,
      ...more,
    });
    const published = await t.db.transaction((trx) =>
      t.app.payments.markPaidAndPublish(
        trx,
        id,
        { provider: 'manual', actor: 'admin:test', amountCents: 9_900, sendJobLiveEmail: false },
        t.clock.now,
      ),
    );
    if (published.outcome !== 'published') throw new Error(published.outcome);
    return String(published.jobId);
  } finally {
    t.clock.now = before;
  }
}

const link = (title: string) => `${PUBLIC_URL}/jobs/${ids[title]}?via=newsletter`;

async function preview(body: object = {}): Promise<NewsletterBlock> {
  const res = await admin({ method: 'POST', url: '/api/admin/newsletter/preview', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const issuesRecorded = async () =>
  Number((await t.db('newsletter_issues').count({ n: '*' }))[0]!.n);

beforeAll(async () => {
  ghost = await FakeGhostAdmin.start();
  key = ghost.addIntegration();
  t = await buildTestApp({ env: ghost.env(key) });
  admin = await signedIn(t);
  Object.assign(
    ids,
    await createJobs(t.app, [
      { title: 'Copy Editor', postedDate: '2026-11-16', categories: ['Communications'] },
      { title: 'Social Media Lead', postedDate: '2026-11-18', categories: ['Communications'] },
      {
        title: 'Grants Manager',
        postedDate: '2026-11-21',
        categories: ['Fundraising', 'Communications'],
      },
      { title: 'Data Reporter & <Editor>', postedDate: '2026-11-20', categories: ['Journalism'] },
      { title: 'Office Helper', postedDate: '2026-11-19', categories: [] },
      // Not in the block: posted before the range, switched off, ended by its deadline.
      { title: 'Old Role', postedDate: '2026-11-15', categories: ['Communications'] },
      { title: 'Closed Role', postedDate: '2026-11-20', active: false },
      { title: 'Ended Role', postedDate: '2026-11-17', deadline: '2026-11-20' },
    ]),
  );
  // The listings that bought the newsletter: a Multiples Listing today, a Featured Listing this
  // week, and one published three weeks ago that no issue has held yet.
  ids['Campaign Director'] = await paidListing(
    'Campaign Director',
    'featured',
    '2026-11-22T09:00:00Z',
  );
  ids['Policy Analyst'] = await paidListing('Policy Analyst', 'basic', '2026-11-21T10:00:00Z', {
    contact_email: EMPLOYER,
  });
  ids['Development Officer'] = await paidListing(
    'Development Officer',
    'basic',
    '2026-11-01T10:00:00Z',
  );
});
afterAll(async () => {
  await t.close();
  await ghost.stop();
});

describe(`the newsletter block on ${testDatabase}`, () => {
  it('covers the last 7 days by default: the listings that bought it first as sold, then the rest by category', async () => {
    const block = await preview();
    expect(block).toMatchObject({
      from: '2026-11-16',
      to: '2026-11-22',
      title: 'New jobs: November 16, 2026 to November 22, 2026',
      leftOut: 0,
    });
    expect(block.jobs.map((job) => [job.title, job.promised, job.group])).toEqual([
      // The Multiples Listing ("Featured in newsletters") before the Featured Listings
      // ("Newsletter highlight"), newest first; one published three weeks ago is owed all the same.
      ['Campaign Director', true, null],
      ['Policy Analyst', true, null],
      ['Development Officer', true, null],
      // Then the range's jobs by their first category, in alphabetical order, newest first.
      ['Social Media Lead', false, 'Communications'],
      ['Copy Editor', false, 'Communications'],
      ['Grants Manager', false, 'Fundraising'],
      ['Data Reporter & <Editor>', false, 'Journalism'],
      ['Office Helper', false, NEWSLETTER_MESSAGES.otherCategory],
    ]);
    for (const job of block.jobs) expect(job.url).toBe(link(job.title));
  });

  it('is the exact HTML sent: every link through the board with via=newsletter, every text escaped', async () => {
    const { html } = await preview();
    expect(html).toBe(
      [
        '<h2>Featured jobs</h2>',
        `<h3><a href="${link('Campaign Director')}">Campaign Director</a></h3>`,
        '<p><strong>Open Ballot Project</strong> · Remote · Full-time · $55,000 - $65,000 a year</p>',
        '<p>Organize volunteers online and run digital campaigns for voting rights across the state.</p>',
        `<h3><a href="${link('Policy Analyst')}">Policy Analyst</a></h3>`,
        '<p><strong>Open Ballot Project</strong> · Remote · Full-time · $55,000 - $65,000 a year</p>',
        '<p>Organize volunteers online and run digital campaigns for voting rights across the state.</p>',
        `<h3><a href="${link('Development Officer')}">Development Officer</a></h3>`,
        '<p><strong>Open Ballot Project</strong> · Remote · Full-time · $55,000 - $65,000 a year</p>',
        '<p>Organize volunteers online and run digital campaigns for voting rights across the state.</p>',
        '<h2>More new jobs</h2>',
        '<h3>Communications</h3>',
        '<ul>',
        `<li><a href="${link('Social Media Lead')}">Social Media Lead</a>, Example Org (Washington, DC)</li>`,
        `<li><a href="${link('Copy Editor')}">Copy Editor</a>, Example Org (Washington, DC)</li>`,
        '</ul>',
        '<h3>Fundraising</h3>',
        '<ul>',
        `<li><a href="${link('Grants Manager')}">Grants Manager</a>, Example Org (Washington, DC)</li>`,
        '</ul>',
        '<h3>Journalism</h3>',
        '<ul>',
        `<li><a href="${link('Data Reporter & <Editor>')}">Data Reporter &amp; &lt;Editor&gt;</a>, Example Org (Washington, DC)</li>`,
        '</ul>',
        '<h3>Other roles</h3>',
        '<ul>',
        `<li><a href="${link('Office Helper')}">Office Helper</a>, Example Org (Washington, DC)</li>`,
        '</ul>',
        `<p><a href="${PUBLIC_URL}/?via=newsletter">See every job on Nonprofit Comms Jobs</a></p>`,
      ].join('\n'),
    );
  });

  it('starts with the intro, escaped, its blank lines parting paragraphs', async () => {
    const { html } = await preview({ intro: ' <b>Hello</b> & welcome,\nreaders.\n\n  Second.  ' });
    expect(html.split('\n').slice(0, 3)).toEqual([
      '<p>&lt;b&gt;Hello&lt;/b&gt; &amp; welcome,<br>readers.</p>',
      '<p>Second.</p>',
      '<h2>Featured jobs</h2>',
    ]);
  });

  it('takes a range of its own, a missing day from the default', async () => {
    const block = await preview({ from: '2026-11-20', to: '2026-11-21' });
    expect(block.title).toBe('New jobs: November 20, 2026 to November 21, 2026');
    expect(block.jobs.filter((job) => !job.promised).map((job) => job.title)).toEqual([
      'Grants Manager',
      'Data Reporter & <Editor>',
    ]);
    expect((await preview({ to: '2026-11-18' })).from).toBe('2026-11-12');
    expect((await preview({ from: '2026-11-20' })).to).toBe('2026-11-22');
  });

  it('refuses a range out of order or too long, and an intro too long, in the contract words', async () => {
    const refused = async (payload: object) => {
      const res = await admin({ method: 'POST', url: '/api/admin/newsletter/preview', payload });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields;
    };
    expect(await refused({ from: '2026-11-22', to: '2026-11-21' })).toEqual({
      from: NEWSLETTER_MESSAGES.rangeOrder,
    });
    expect(await refused({ from: '2026-10-01', to: '2026-11-22' })).toEqual({
      to: NEWSLETTER_MESSAGES.rangeTooLong,
    });
    expect(await refused({ from: '2026-02-30' })).toHaveProperty('from');
    expect(await refused({ intro: 'x'.repeat(NEWSLETTER_LIMITS.introMax + 1) })).toEqual({
      intro: NEWSLETTER_MESSAGES.introTooLong,
    });
    // A range that ends long ago with no day given before it is refused as well.
    const res = await admin({
      method: 'POST',
      url: '/api/admin/newsletter/preview',
      payload: { from: '2026-09-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ to: NEWSLETTER_MESSAGES.rangeTooLong });
  });

  it("tells the page whether Ghost's key is set, never the key", async () => {
    const res = await admin({ method: 'GET', url: '/api/admin/newsletter' });
    expect(res.statusCode).toBe(200);
    const page: NewsletterPage = res.json();
    expect(page).toMatchObject({
      ghost: { url: ghost.url, adminKeySet: true },
      from: '2026-11-16',
      to: '2026-11-22',
      schedule: { on: false, weekday: 'monday', hour: 8, next: null, last: null },
      issues: [],
    });
    const [id, secret] = key.split(':');
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(id);
  });

  it('signs each call as Ghost documents: HS256 with the hex secret, kid, audience /admin/, 5 minutes', async () => {
    const [id, secret] = key.split(':') as [string, string];
    const token = await new GhostAdmin({
      url: ghost.url,
      key: { id, secret },
      timeoutMs: 1000,
    }).token();
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: id });
    const claims = decodeJwt(token);
    expect(claims.aud).toBe('/admin/');
    expect(claims.exp! - claims.iat!).toBe(300);
  });

  it('refuses a send whose preview is no longer the block: nothing goes to Ghost, nothing is recorded', async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/admin/newsletter/issues',
      payload: { digest: '0'.repeat(64) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NEWSLETTER_MESSAGES.changedSincePreview);
    expect(ghost.posts).toHaveLength(0);
    expect(await issuesRecorded()).toBe(0);
  });

  it('says what Ghost answered when it fails or refuses the post, and records nothing', async () => {
    const send = () => admin({ method: 'POST', url: '/api/admin/newsletter/issues', payload: {} });
    ghost.failNext = { status: 500, message: 'Internal server error' };
    let res = await send();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(NEWSLETTER_MESSAGES.ghostFailed('it answered 500'));
    ghost.failNext = { status: 422, message: 'Validation error, cannot save post.' };
    res = await send();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      NEWSLETTER_MESSAGES.ghostRefused('Validation error, cannot save post.'),
    );
    expect(ghost.posts).toHaveLength(0);
    expect(await issuesRecorded()).toBe(0);
  });

  let issue: NewsletterIssue;
  it('sends the previewed block to Ghost as a draft and records the issue', async () => {
    const block = await preview({ intro: 'This week on the board.' });
    const res = await admin({
      method: 'POST',
      url: '/api/admin/newsletter/issues',
      payload: { intro: 'This week on the board.', digest: block.digest },
    });
    expect(res.statusCode, res.body).toBe(201);
    issue = res.json();
    expect(ghost.posts).toHaveLength(1);
    const [post] = ghost.posts;
    expect(post).toMatchObject({
      title: block.title,
      html: block.html,
      status: 'draft',
      source: 'html',
    });
    expect(issue).toMatchObject({
      createdAt: '2026-11-22T12:00:00.000Z',
      createdBy: 'admin:alice',
      title: block.title,
      from: '2026-11-16',
      to: '2026-11-22',
      ghostPostId: post!.id,
      ghostEditUrl: `${ghost.url}/ghost/#/editor/post/${post!.id}`,
      jobIds: block.jobs.map((job) => job.id),
      promisedJobIds: [ids['Campaign Director'], ids['Policy Analyst'], ids['Development Officer']],
    });
    const page: NewsletterPage = (
      await admin({ method: 'GET', url: '/api/admin/newsletter' })
    ).json();
    expect(page.issues).toEqual([issue]);
  });

  it('then holds each listing that bought the newsletter no more: it had what it paid for', async () => {
    const block = await preview();
    expect(block.jobs.filter((job) => job.promised)).toEqual([]);
    // This week's paid listings are in the range's jobs now; the one of three weeks ago is not.
    expect(block.jobs.map((job) => [job.title, job.group])).toEqual([
      ['Social Media Lead', 'Communications'],
      ['Copy Editor', 'Communications'],
      ['Grants Manager', 'Fundraising'],
      ['Data Reporter & <Editor>', 'Journalism'],
      ['Campaign Director', 'Political'],
      ['Policy Analyst', 'Political'],
      ['Office Helper', NEWSLETTER_MESSAGES.otherCategory],
    ]);
  });

  it("names the issue on the employer's page", async () => {
    const employer = await signedInEmployer(t, EMPLOYER);
    const res = await employer({ method: 'GET', url: '/api/employer/listings' });
    expect(res.statusCode).toBe(200);
    const { listings }: EmployerListings = res.json();
    expect(listings).toHaveLength(1);
    expect(listings[0]).toMatchObject({
      title: 'Policy Analyst',
      newsletterIssues: ['2026-11-22T12:00:00.000Z'],
    });
  });

  it('owes a renewed listing its place again: a renewal buys the tier again', async () => {
    await t.db('job_renewals').insert({
      job_id: Number(ids['Development Officer']),
      checkout_session_id: 'cs_test_newsletter_renewal',
      tier: 'basic',
      amount_cents: 9_900,
      currency: 'USD',
      status: 'paid',
      created_at: Date.parse('2026-11-22T12:30:00Z'),
      paid_at: Date.parse('2026-11-22T12:30:00Z'),
    });
    const block = await preview();
    expect(block.jobs.filter((job) => job.promised).map((job) => job.title)).toEqual([
      'Development Officer',
    ]);
  });

  it("refuses a revoked key in the contract's words: nothing is recorded", async () => {
    ghost.revoke(key);
    const res = await admin({ method: 'POST', url: '/api/admin/newsletter/issues', payload: {} });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(NEWSLETTER_MESSAGES.keyRefused);
    expect(ghost.posts).toHaveLength(1);
    expect(await issuesRecorded()).toBe(1);
    // The listing it would have held is still owed.
    expect((await preview()).jobs.filter((job) => job.promised)).toHaveLength(1);
  });
});

describe(`the newsletter without Ghost's Admin API key on ${testDatabase}`, () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(() => bare.close());

  it('previews, and refuses to send with what to set', async () => {
    const as = await signedIn(bare);
    const page: NewsletterPage = (await as({ method: 'GET', url: '/api/admin/newsletter' })).json();
    expect(page.ghost).toEqual({ url: null, adminKeySet: false });
    const preview = await as({ method: 'POST', url: '/api/admin/newsletter/preview' });
    expect(preview.statusCode).toBe(200);
    const res = await as({ method: 'POST', url: '/api/admin/newsletter/issues', payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NEWSLETTER_MESSAGES.notConfigured);
  });

  it('refuses to send an empty block; records the longest admin name at the width of its columns', async () => {
    const withGhost = await buildTestApp({ env: ghost.env(ghost.addIntegration()) });
    try {
      const username = 'a'.repeat(ADMIN_LIMITS.username);
      const longest = { username, password: 'correct horse battery staple' };
      await createAdmin(withGhost, longest);
      const cookie = sessionCookie(await login(withGhost, longest));
      const as = (options: InjectOptions) =>
        withGhost.app.inject({ ...options, headers: { ...CSRF, cookie } });
      const send = () => as({ method: 'POST', url: '/api/admin/newsletter/issues', payload: {} });
      const empty = await send();
      expect(empty.statusCode).toBe(409);
      expect(empty.json().message).toBe(NEWSLETTER_MESSAGES.noJobs);

      await createJobs(withGhost.app, [{ title: 'Organizer', postedDate: '2026-11-22' }]);
      const sent = await send();
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().createdBy).toBe(`admin:${username}`);
      const schedule = await as({
        method: 'PUT',
        url: '/api/admin/newsletter/schedule',
        payload: { on: true, weekday: 'wednesday', hour: 23 },
      });
      expect(schedule.statusCode).toBe(200);
      expect(await invalidRows(withGhost.db)).toEqual([]);
    } finally {
      await withGhost.close();
    }
  });

  it("shows the first 220 characters of a paid listing's description, cut at a word", async () => {
    const other = await buildTestApp();
    try {
      // 185 characters of words, then a sentence cut 35 characters in: "...coastal groups, a".
      const words = 'word '.repeat(37);
      const description = `${words}We fund grants to coastal groups, and you will run our program.`;
      const id = await insertSubmission(other.db, { description });
      await other.db.transaction((trx) =>
        other.app.payments.markPaidAndPublish(
          trx,
          id,
          { provider: 'manual', actor: 'admin:test', amountCents: 9_900, sendJobLiveEmail: false },
          other.clock.now,
        ),
      );
      const as = await signedIn(other);
      const res = await as({ method: 'POST', url: '/api/admin/newsletter/preview' });
      const excerpt = (res.json() as NewsletterBlock).html.split('\n')[3]!;
      // Cut at the last whole word, its comma dropped, then "...".
      expect(excerpt).toBe(`<p>${words}We fund grants to coastal groups...</p>`);
    } finally {
      await other.close();
    }
  });

  it("titles any range's draft within its column (200 characters)", () => {
    let longest = '';
    for (let day = 0; day < 2 * 366; day += 1) {
      const from = isoDate(addDays(new Date('2026-01-01T00:00:00Z'), day));
      for (const span of [0, NEWSLETTER_LIMITS.maxRangeDays - 1]) {
        const title = NEWSLETTER_MESSAGES.postTitle(from, isoDate(addDays(new Date(from), span)));
        if (title.length > longest.length) longest = title;
      }
    }
    expect(longest.length).toBeLessThanOrEqual(200);
  });
});

describe(`the newsletter's inputs under arbitrary input on ${testDatabase}`, () => {
  let bare: TestApp;
  let as: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    // No Ghost: a body that passes reaches the send's refusal, never a post.
    bare = await buildTestApp();
    as = await signedIn(bare);
    await createJobs(bare.app, [{ title: 'Organizer', postedDate: '2026-11-20' }]);
  });
  afterAll(() => bare.close());

  it('answers any body with its page, a refusal in words, never a 500', async () => {
    const field = fc.oneof(fuzzValue, fc.constantFrom('2026-11-20', '2026-02-30', 'monday', 23));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fuzzBody,
          fc
            .record(
              {
                from: field,
                to: field,
                intro: field,
                digest: field,
                on: field,
                weekday: field,
                hour: field,
              },
              { requiredKeys: [] },
            )
            .map((value) => JSON.stringify(value)),
        ),
        async (body) => {
          for (const [method, url] of [
            ['POST', '/api/admin/newsletter/preview'],
            ['POST', '/api/admin/newsletter/issues'],
            ['PUT', '/api/admin/newsletter/schedule'],
          ] as const) {
            const res = await as({
              method,
              url,
              payload: body,
              headers: { 'content-type': 'application/json' },
            });
            expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
            if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
          }
        },
      ),
      { numRuns: fuzzRuns(60) },
    );
    expect(await invalidRows(bare.db)).toEqual([]);
  });
});
