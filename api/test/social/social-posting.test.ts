import { SOCIAL_MESSAGES, type SocialPost, type SocialChannels } from '@jobboard/contract/admin';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { ADMIN_JOB_FORM } from '../support/jobs';
import { pay, startCheckout, stripeEnv } from '../support/payments';
import {
  startBluesky,
  startChatWebhook,
  startMastodon,
  type Bluesky,
  type ChatWebhook,
  type Mastodon,
} from '../support/social-peers';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Social posting (issue 44, docs/product.md#social-posting) against a real Bluesky PDS
 * (@atproto/dev-env), a stand-in of Mastodon's API and a chat webhook, all on this machine.
 */

let bluesky: Bluesky;
let mastodon: Mastodon;
let webhook: ChatWebhook;
let stripe: FakeStripe;
let t: TestApp;
let admin: (options: InjectOptions) => Promise<LightMyRequestResponse>;

const PUBLIC_URL = 'http://localhost:3000';

const METRICS_TOKEN = 'metrics-token-for-the-social-tests';

const socialEnv = () => ({
  METRICS_TOKEN,
  BLUESKY_SERVICE: bluesky.service,
  BLUESKY_HANDLE: bluesky.handle,
  BLUESKY_APP_PASSWORD: bluesky.appPassword,
  MASTODON_URL: mastodon.url,
  MASTODON_ACCESS_TOKEN: mastodon.token,
  SOCIAL_WEBHOOK_URL: webhook.url,
  SOCIAL_POLL_SECONDS: '0',
  ...stripeEnv(stripe),
});

beforeAll(async () => {
  [bluesky, mastodon, webhook, stripe] = await Promise.all([
    startBluesky(),
    startMastodon(),
    startChatWebhook(),
    startFakeStripe({ webhookSecret: 'whsec_test_secret' }),
  ]);
});
afterAll(async () => {
  await Promise.all([bluesky.close(), mastodon.close(), webhook.close(), stripe.close()]);
});

beforeEach(async () => {
  t = await buildTestApp({ env: socialEnv() });
  admin = await signedIn(t);
});
afterEach(async () => {
  await t.close();
  // Each test reads only what it made on the peers.
  mastodon.reset();
  webhook.messages.length = 0;
  webhook.failNext.length = 0;
  for (const post of await bluesky.posts()) {
    const rkey = post.uri.split('/').pop()!;
    await bluesky.reader.com.atproto.repo.deleteRecord({
      repo: bluesky.did,
      collection: 'app.bsky.feed.post',
      rkey,
    });
  }
});

const TEMPLATES = {
  bluesky: 'New job: {title} at {organization} ({location})\n{pay}\n{link}',
  mastodon: 'Hiring: {title} at {organization}, {location}. {pay}\n{link}\n#jobs',
  webhook: 'New job: {title} at {organization} ({location}) {link}',
};

async function turnOn(...channels: (keyof typeof TEMPLATES)[]) {
  for (const channel of channels) {
    const res = await admin({
      method: 'PUT',
      url: `/api/admin/channels/${channel}`,
      payload: { enabled: true, template: TEMPLATES[channel] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function createJob(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await admin({
    method: 'POST',
    url: '/api/admin/jobs',
    payload: { ...ADMIN_JOB_FORM, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().id);
}

async function log(query = ''): Promise<SocialPost[]> {
  const res = await admin({ method: 'GET', url: `/api/admin/channels/posts${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().posts;
}

/** The log as the service answers it: for tests that move the clock past the admin's session. */
const logNow = async (): Promise<SocialPost[]> =>
  (await t.app.social.posts({ page: 1, pageSize: 25 })).posts;

const advance = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

describe(`social posting on ${testDatabase}`, () => {
  it('posts a listing an admin creates live once to each channel that is on, each linking through the board', async () => {
    await turnOn('bluesky', 'mastodon', 'webhook');
    const id = await createJob();
    const report = await t.app.social.send();
    expect(report).toMatchObject({ ran: true, posted: 3, failed: 0 });

    const link = (channel: string) => `${PUBLIC_URL}/jobs/${id}?via=${channel}`;
    // Bluesky: the record as the PDS keeps it, read back from the account's repository.
    const [post] = await bluesky.posts();
    expect(post!.value).toMatchObject({
      $type: 'app.bsky.feed.post',
      text: `New job: Senior Grants Writer at Harbor Health Alliance (Portland, ME)\n${link('bluesky')}`,
      embed: {
        $type: 'app.bsky.embed.external',
        external: { uri: link('bluesky'), title: 'Senior Grants Writer at Harbor Health Alliance' },
      },
    });
    const text = post!.value.text as string;
    const facet = (
      post!.value.facets as {
        index: { byteStart: number; byteEnd: number };
        features: { uri: string }[];
      }[]
    )[0]!;
    expect(Buffer.from(text).subarray(facet.index.byteStart, facet.index.byteEnd).toString()).toBe(
      link('bluesky'),
    );
    expect(facet.features[0]!.uri).toBe(link('bluesky'));

    expect(mastodon.statuses).toEqual([
      expect.objectContaining({
        text: `Hiring: Senior Grants Writer at Harbor Health Alliance, Portland, ME.\n${link('mastodon')}\n#jobs`,
        visibility: 'public',
        idempotencyKey: expect.stringMatching(/^jobboard-post-\d+-\d+$/),
      }),
    ]);
    expect(webhook.messages).toEqual([
      {
        text: `New job: Senior Grants Writer at Harbor Health Alliance (Portland, ME) ${link('webhook')}`,
      },
    ]);

    const posts = await log();
    expect(posts.map((p) => [p.channel, p.status])).toEqual([
      ['webhook', 'posted'],
      ['mastodon', 'posted'],
      ['bluesky', 'posted'],
    ]);
    expect(posts.find((p) => p.channel === 'bluesky')!.url).toBe(
      `https://bsky.app/profile/${bluesky.did}/post/${post!.uri.split('/').pop()}`,
    );

    // Once per listing: a second run, an edit, a republish post nothing more.
    await t.app.social.send();
    expect(
      (
        await admin({
          method: 'PUT',
          url: `/api/admin/jobs/${id}`,
          payload: { title: 'Grants Lead' },
        })
      ).statusCode,
    ).toBe(200);
    await admin({ method: 'POST', url: `/api/admin/jobs/${id}/republish` });
    expect(await t.app.social.send()).toMatchObject({ posted: 0 });
    expect(await bluesky.posts()).toHaveLength(1);
    expect(mastodon.statuses).toHaveLength(1);
    expect(webhook.messages).toHaveLength(1);
  });

  it('posts a paid listing when its payment publishes it', async () => {
    await turnOn('mastodon');
    const submissionId = await insertSubmission(t.db);
    const { token } = await t.app.payments.issueLink(t.db, submissionId, t.clock.now);
    await pay(t, stripe, await startCheckout(t, stripe, token));
    const { job_id: jobId } = await t.db('submissions').where({ id: submissionId }).first();
    await t.app.social.send();
    expect(mastodon.statuses.map((s) => s.text)).toEqual([
      expect.stringContaining(
        `Digital Organizer at Open Ballot Project, Remote. $55,000 - $65,000 a year\n${PUBLIC_URL}/jobs/${jobId}?via=mastodon`,
      ),
    ]);
  });

  it('posts a listing created switched off once it is switched on, and never one from before the channel was on', async () => {
    const before = await createJob({ title: 'Older Listing' });
    advance(1_000);
    await turnOn('webhook');
    const off = await createJob({ title: 'Draft Listing', active: false });
    await t.app.social.send();
    expect(webhook.messages).toEqual([]);
    // An edit of the older listing does not post it either: it was on the board before.
    await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${before}`,
      payload: { title: 'Older Listing, edited' },
    });
    await admin({ method: 'PUT', url: `/api/admin/jobs/${off}`, payload: { active: true } });
    await t.app.social.send();
    expect(webhook.messages.map((m) => m.text)).toEqual([expect.stringContaining('Draft Listing')]);
  });

  it("deletes a closed listing's Bluesky and Mastodon posts; the webhook's message stays", async () => {
    await turnOn('bluesky', 'mastodon', 'webhook');
    const id = await createJob();
    await t.app.social.send();
    expect(await bluesky.posts()).toHaveLength(1);

    const off = await admin({
      method: 'POST',
      url: '/api/admin/jobs/bulk',
      payload: { action: 'deactivate', ids: [Number(id)] },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await t.app.social.send()).toMatchObject({ removed: 2 });
    expect(await bluesky.posts()).toEqual([]);
    expect(mastodon.statuses).toEqual([expect.objectContaining({ deleted: true })]);
    expect(mastodon.calls.map((c) => `${c.method} ${c.status}`)).toEqual([
      'POST 200',
      'DELETE 200',
    ]);
    expect(webhook.messages).toHaveLength(1);
    const posts = await log();
    expect(Object.fromEntries(posts.map((p) => [p.channel, p.status]))).toEqual({
      bluesky: 'removed',
      mastodon: 'removed',
      webhook: 'posted',
    });
    // Switched on again, it is not posted a second time.
    await admin({
      method: 'POST',
      url: '/api/admin/jobs/bulk',
      payload: { action: 'activate', ids: [Number(id)] },
    });
    expect(await t.app.social.send()).toMatchObject({ posted: 0 });
  });

  it('deletes the posts of a listing that ends by itself (its term runs out) and of a deleted one', async () => {
    await turnOn('bluesky', 'mastodon');
    const ending = await createJob({ title: 'Ends Soon', deadline: '2026-11-25' });
    const deleted = await createJob({ title: 'Deleted Later' });
    await t.app.social.send();
    expect(await bluesky.posts()).toHaveLength(2);

    expect((await admin({ method: 'DELETE', url: `/api/admin/jobs/${deleted}` })).statusCode).toBe(
      200,
    );
    t.clock.now = new Date('2026-11-26T00:00:00Z');
    const report = await t.app.social.send();
    expect(report).toMatchObject({ ended: 2, removed: 4 });
    expect(await bluesky.posts()).toEqual([]);
    expect(mastodon.statuses.every((s) => s.deleted)).toBe(true);
    expect((await logNow()).map((p) => [p.jobId, p.status]).sort()).toEqual(
      [
        [deleted, 'removed'],
        [deleted, 'removed'],
        [ending, 'removed'],
        [ending, 'removed'],
      ].sort(),
    );
  });

  it('does not post a listing that closed before its post went out', async () => {
    await turnOn('mastodon');
    const id = await createJob();
    await admin({ method: 'DELETE', url: `/api/admin/jobs/${id}` });
    await t.app.social.send();
    expect(mastodon.calls).toEqual([]);
    expect(await log()).toEqual([
      expect.objectContaining({
        status: 'cancelled',
        lastError: SOCIAL_MESSAGES.closedFirst,
        retryable: false,
      }),
    ]);
  });

  it('retries a failure with back-off, shows it in the log, and posts once the network is back', async () => {
    await turnOn('mastodon', 'webhook');
    mastodon.trouble = ['unavailable'];
    webhook.failNext.push(500);
    await createJob();
    expect(await t.app.social.send()).toMatchObject({ posted: 0, retrying: 2 });
    const waiting = await log();
    const due = new Date(t.clock.now.getTime() + 30_000).toISOString();
    const metrics = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain('jobboard_social_posts{status="pending"} 2');
    expect(metrics.body).toContain('jobboard_social_posts{status="failed"} 0');
    expect(waiting).toEqual([
      expect.objectContaining({
        channel: 'webhook',
        status: 'pending',
        attempts: 1,
        lastError: 'The chat webhook answered 500: error',
        nextAttemptAt: due,
      }),
      expect.objectContaining({
        channel: 'mastodon',
        status: 'pending',
        attempts: 1,
        lastError: 'Mastodon answered 503: Service Unavailable',
        nextAttemptAt: due,
      }),
    ]);
    // Not due yet: nothing is sent.
    advance(29_000);
    expect(await t.app.social.send()).toMatchObject({ posted: 0, retrying: 0 });
    advance(1_000);
    expect(await t.app.social.send()).toMatchObject({ posted: 2 });
    expect(mastodon.statuses).toHaveLength(1);
    expect(webhook.messages).toHaveLength(1);
    expect((await logNow()).every((p) => p.status === 'posted' && p.lastError === null)).toBe(true);
  });

  it('waits as long as a 429 asks without counting it, doubles the wait after each failure, and gives up after ten', async () => {
    await turnOn('mastodon');
    mastodon.rateLimitReset = new Date(t.clock.now.getTime() + 5 * 60_000);
    mastodon.trouble = ['rateLimited'];
    await createJob();
    await t.app.social.send();
    let [post] = await log();
    expect(post).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: mastodon.rateLimitReset.toISOString(),
    });

    mastodon.trouble = Array(10).fill('unavailable');
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      t.clock.now = new Date(post!.nextAttemptAt!);
      await t.app.social.send();
      [post] = await logNow();
      if (post!.nextAttemptAt) waits.push(Date.parse(post!.nextAttemptAt) - t.clock.now.getTime());
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600].map((s) => s * 1000));
    expect(post).toMatchObject({
      status: 'failed',
      attempts: 10,
      retryable: true,
      nextAttemptAt: null,
    });

    // Retry from /admin (signed in again: the clock went past the session): out on the next run.
    admin = await signedIn(t);
    const retried = await admin({
      method: 'POST',
      url: `/api/admin/channels/posts/${post!.id}/retry`,
    });
    expect(retried.json()).toEqual({ message: SOCIAL_MESSAGES.retried });
    expect(await t.app.social.send()).toMatchObject({ posted: 1 });
    expect(mastodon.statuses).toHaveLength(1);
    const again = await admin({
      method: 'POST',
      url: `/api/admin/channels/posts/${post!.id}/retry`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SOCIAL_MESSAGES.notRetryable);
  });

  it('gives up at once on what trying again cannot change, with the network’s own words', async () => {
    await turnOn('mastodon');
    mastodon.trouble = ['unprocessable'];
    await createJob();
    expect(await t.app.social.send()).toMatchObject({ failed: 1 });
    expect(await log()).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        lastError: 'Mastodon answered 422: Validation failed: Text has been posted before',
        retryable: true,
      }),
    ]);
  });

  it('sends each post once when two processes run their senders at the same time', async () => {
    const second = await buildTestApp({ env: socialEnv(), sameDatabaseAs: t });
    try {
      await turnOn('bluesky', 'mastodon', 'webhook');
      for (let i = 0; i < 3; i += 1) await createJob({ title: `Role ${i}` });
      const reports = await Promise.all([
        t.app.social.send(),
        second.app.social.send(),
        t.app.social.send(),
      ]);
      expect(reports.reduce((sum, r) => sum + r.posted, 0)).toBe(9);
      // Whatever ran first, a later run of either finds nothing left.
      expect((await second.app.social.send()).posted).toBe(0);
      expect(await bluesky.posts()).toHaveLength(3);
      expect(mastodon.statuses).toHaveLength(3);
      expect(webhook.messages).toHaveLength(3);
    } finally {
      await second.close();
    }
  });
});

describe(`the channels' settings on ${testDatabase}`, () => {
  it('shows each channel with its account but never a credential, and a preview sample', async () => {
    await createJob();
    const res = await admin({ method: 'GET', url: '/api/admin/channels' });
    expect(res.statusCode).toBe(200);
    const view: SocialChannels = res.json();
    expect(view.channels.map((c) => [c.channel, c.configured, c.account, c.enabled])).toEqual([
      ['bluesky', true, `@${bluesky.handle}`, false],
      ['mastodon', true, new URL(mastodon.url).host, false],
      ['webhook', true, `${new URL(webhook.url).host} (Slack)`, false],
    ]);
    expect(view.sample).toMatchObject({
      jobUrl: expect.stringMatching(/^http:\/\/localhost:3000\/jobs\/\d+$/),
      details: {
        title: 'Senior Grants Writer',
        organization: 'Harbor Health Alliance',
        location: 'Portland, ME',
      },
    });
    for (const secret of [bluesky.appPassword, mastodon.token, new URL(webhook.url).pathname]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('refuses a bad template with a clear message and keeps what was saved', async () => {
    await turnOn('bluesky');
    const cases: [string, string][] = [
      ['', SOCIAL_MESSAGES.templateBlank],
      ['{title} is hiring', SOCIAL_MESSAGES.linkMissing],
      ['{title} {salary} {link}', SOCIAL_MESSAGES.unknownPlaceholder('salary')],
      [
        `${'x'.repeat(280)} {link}`,
        expect.stringContaining("Without the job's details this post is already"),
      ],
    ];
    for (const [template, message] of cases) {
      const res = await admin({
        method: 'PUT',
        url: '/api/admin/channels/bluesky',
        payload: { enabled: false, template },
      });
      expect(res.statusCode, template).toBe(400);
      expect(res.json()).toMatchObject({ fields: { template: message } });
    }
    const view: SocialChannels = (
      await admin({ method: 'GET', url: '/api/admin/channels' })
    ).json();
    expect(view.channels[0]).toMatchObject({ enabled: true, template: TEMPLATES.bluesky });
  });

  it('cancels what a channel had not posted yet when it is turned off', async () => {
    await turnOn('webhook');
    await createJob();
    await admin({
      method: 'PUT',
      url: '/api/admin/channels/webhook',
      payload: { enabled: false, template: TEMPLATES.webhook },
    });
    await t.app.social.send();
    expect(webhook.messages).toEqual([]);
    expect(await log()).toEqual([
      expect.objectContaining({ status: 'cancelled', lastError: SOCIAL_MESSAGES.turnedOff }),
    ]);
  });
});

describe(`a channel not set up on ${testDatabase}`, () => {
  it('cannot be turned on, and says which variables to set', async () => {
    const bare = await buildTestApp({ env: { SOCIAL_POLL_SECONDS: '0' } });
    try {
      const request = await signedIn(bare);
      const res = await request({
        method: 'PUT',
        url: '/api/admin/channels/mastodon',
        payload: { enabled: true, template: TEMPLATES.mastodon },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        SOCIAL_MESSAGES.cannotTurnOn('Mastodon', 'MASTODON_URL and MASTODON_ACCESS_TOKEN'),
      );
      const view: SocialChannels = (
        await request({ method: 'GET', url: '/api/admin/channels' })
      ).json();
      expect(view.channels.every((c) => !c.configured && c.account === null && !c.enabled)).toBe(
        true,
      );
      expect(view.sample).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
