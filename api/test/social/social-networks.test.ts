import { AtpAgent } from '@atproto/api';
import { LENGTH_RULES, POST_STATES, postLength } from '@jobboard/contract/admin';
import { SOCIAL_CHANNELS } from '@jobboard/contract/jobs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BlueskyNetwork } from '../../src/social/networks/bluesky';
import { MastodonNetwork } from '../../src/social/networks/mastodon';
import type { OutgoingPost } from '../../src/social/networks/network';
import { WebhookNetwork } from '../../src/social/networks/webhook';
import { signedIn } from '../support/admin';
import { ADMIN_JOB_FORM, jobInput } from '../support/jobs';
import {
  startBluesky,
  startChatWebhook,
  startMastodon,
  type Bluesky,
  type ChatWebhook,
  type Mastodon,
} from '../support/social-peers';
import { buildTestApp, testDatabase } from '../support/test-app';

/** Each network's client on its own, and what the queue does with what they answer. */

let bluesky: Bluesky;
let mastodon: Mastodon;
let webhook: ChatWebhook;
const now = () => new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  [bluesky, mastodon, webhook] = await Promise.all([
    startBluesky(),
    startMastodon(),
    startChatWebhook(),
  ]);
});
afterAll(async () => {
  await Promise.all([bluesky.close(), mastodon.close(), webhook.close()]);
});
afterEach(() => {
  mastodon.reset();
  webhook.messages.length = 0;
});

const post = (overrides: Partial<OutgoingPost> = {}): OutgoingPost => ({
  text: 'New job: Digital Organizer https://jobs.example.org/jobs/42?via=bluesky',
  link: 'https://jobs.example.org/jobs/42?via=bluesky',
  cardTitle: 'Digital Organizer at Open Ballot Project',
  cardDescription: 'Remote',
  key: { id: 42, createdAt: now().getTime() },
  tried: false,
  ...overrides,
});

describe('Bluesky (a real PDS from @atproto/dev-env)', () => {
  const network = () =>
    new BlueskyNetwork(
      { service: bluesky.service, handle: bluesky.handle, appPassword: bluesky.appPassword },
      { timeoutMs: 10_000, now },
    );

  it('makes a post tried again after its answer was lost the first one, not a second', async () => {
    const first = await network().post(post());
    // The same post again, as the sender tries it when the first answer never came.
    const again = await network().post(post({ tried: true }));
    expect(again).toEqual(first);
    const records = await bluesky.posts();
    expect(records.map((r) => r.uri)).toEqual([first.remoteId]);
    await network().remove(first.remoteId!);
    expect(await bluesky.posts()).toEqual([]);
    // Deleting what is gone already is done.
    await network().remove(first.remoteId!);
  });

  it('refuses a wrong app password with the network’s words and does not try again', async () => {
    const wrong = new BlueskyNetwork(
      { service: bluesky.service, handle: bluesky.handle, appPassword: 'aaaa-bbbb-cccc-dddd' },
      { timeoutMs: 10_000, now },
    );
    await expect(wrong.post(post())).rejects.toMatchObject({
      retry: false,
      message:
        'Bluesky refused the credentials (401): AuthenticationRequired: Invalid identifier or password',
    });
  });

  it('says a PDS that does not answer cannot be reached, and tries again later', async () => {
    const away = new BlueskyNetwork(
      { service: 'http://127.0.0.1:9', handle: bluesky.handle, appPassword: bluesky.appPassword },
      { timeoutMs: 10_000, now },
    );
    await expect(away.post(post())).rejects.toMatchObject({
      retry: true,
      message: expect.stringMatching(/^Bluesky could not be reached/),
    });
  });
});

describe('Mastodon (the stand-in of its API)', () => {
  const network = (token = mastodon.token) =>
    new MastodonNetwork({ url: mastodon.url, accessToken: token }, { timeoutMs: 10_000, now });

  it('sends the same Idempotency-Key on each attempt of a post: the instance makes one status', async () => {
    const first = await network().post(post());
    const again = await network().post(post({ tried: true }));
    expect(again).toEqual(first);
    expect(mastodon.statuses).toHaveLength(1);
    expect(first.remoteUrl).toBe(`${mastodon.url}/@publication/${first.remoteId}`);
    await network().remove(first.remoteId!);
    // A status deleted already (404) is deleted.
    await network().remove(first.remoteId!);
    expect(mastodon.calls.map((c) => `${c.method} ${c.status}`)).toEqual([
      'POST 200',
      'POST 200',
      'DELETE 200',
      'DELETE 404',
    ]);
  });

  it('gives up on a revoked token at once', async () => {
    await expect(network('revoked-token-0123456789abcdef').post(post())).rejects.toMatchObject({
      retry: false,
      message: 'Mastodon refused the credentials (401): The access token is invalid',
    });
  });
});

describe('a chat webhook', () => {
  it("posts Slack's {text} with its control characters escaped, so a title cannot call out the channel", async () => {
    const slack = new WebhookNetwork(
      { url: webhook.url, format: 'slack' },
      { timeoutMs: 10_000, now },
    );
    await slack.post(
      post({ text: 'New job: <!channel> R&D lead https://jobs.example.org/jobs/42?via=webhook' }),
    );
    expect(webhook.messages).toEqual([
      {
        text: 'New job: &lt;!channel&gt; R&amp;D lead https://jobs.example.org/jobs/42?via=webhook',
      },
    ]);
  });

  it("posts Discord's {content}, pinging nobody", async () => {
    const discord = new WebhookNetwork(
      { url: webhook.url, format: 'discord' },
      { timeoutMs: 10_000, now },
    );
    await discord.post(post({ text: '@everyone New job' }));
    expect(webhook.messages).toEqual([
      { content: '@everyone New job', allowed_mentions: { parse: [] } },
    ]);
  });

  it('waits as a 429 asks', async () => {
    webhook.failNext.push(429);
    const slack = new WebhookNetwork(
      { url: webhook.url, format: 'slack' },
      { timeoutMs: 10_000, now },
    );
    await expect(slack.post(post())).rejects.toMatchObject({
      retry: true,
      rateLimited: true,
      waitMs: 90_000,
    });
  });
});

describe(`the queue on ${testDatabase}`, () => {
  it('posts a listing longer than Bluesky takes with its title shortened, and the PDS takes it', async () => {
    const t = await buildTestApp({
      env: {
        BLUESKY_SERVICE: bluesky.service,
        BLUESKY_HANDLE: bluesky.handle,
        BLUESKY_APP_PASSWORD: bluesky.appPassword,
        SOCIAL_POLL_SECONDS: '0',
      },
    });
    try {
      const admin = await signedIn(t);
      await admin({
        method: 'PUT',
        url: '/api/admin/channels/bluesky',
        payload: { enabled: true, template: '{title} at {organization} ({location}) {link}' },
      });
      const title =
        `Senior Director of Digital Organizing ${'and Member Engagement '.repeat(11)}`.trim();
      const res = await admin({
        method: 'POST',
        url: '/api/admin/jobs',
        payload: { ...ADMIN_JOB_FORM, title },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await t.app.social.send()).toMatchObject({ posted: 1 });
      const [record] = await bluesky.posts();
      const text = record!.value.text as string;
      expect(postLength(text, 'graphemes')).toBeLessThanOrEqual(LENGTH_RULES.bluesky.max);
      expect(text).toMatch(
        /^Senior Director of Digital Organizing and .*… at Harbor Health Alliance \(Portland, ME\) http:\/\/localhost:3000\/jobs\/\d+\?via=bluesky$/,
      );
      const agent = new AtpAgent({ service: bluesky.service });
      const read = await agent.com.atproto.repo.getRecord({
        repo: bluesky.did,
        collection: 'app.bsky.feed.post',
        rkey: record!.uri.split('/').pop()!,
      });
      expect(read.data.value).toMatchObject({ text });
      await t.app.jobs.delete(Number(res.json().id), undefined, t.clock.now);
      expect(await t.app.social.send()).toMatchObject({ removed: 1 });
      expect(await bluesky.posts()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('posts a listing a sync creates live', async () => {
    const t = await buildTestApp({
      env: {
        MASTODON_URL: mastodon.url,
        MASTODON_ACCESS_TOKEN: mastodon.token,
        SOCIAL_POLL_SECONDS: '0',
      },
    });
    try {
      const admin = await signedIn(t);
      await admin({
        method: 'PUT',
        url: '/api/admin/channels/mastodon',
        payload: { enabled: true, template: '{title} at {organization} {link}' },
      });
      await t.db.transaction((trx) =>
        t.app.jobs.applySync(
          {
            sourceName: 'JSON feed',
            creates: [
              jobInput({ title: 'Synced Role', source: 'json-feed', externalId: 'feed-1' }),
            ],
            updates: [],
            gone: [],
          },
          { adminId: null, actor: 'sync:json-feed' },
          t.clock.now,
          trx,
        ),
      );
      await t.app.social.send();
      expect(mastodon.statuses.map((s) => s.text)).toEqual([
        expect.stringMatching(
          /^Synced Role at Example Org http:\/\/localhost:3000\/jobs\/\d+\?via=mastodon$/,
        ),
      ]);
    } finally {
      await t.close();
    }
  });

  it('stores every channel and state in its columns (their widths on PostgreSQL)', async () => {
    const t = await buildTestApp();
    try {
      let jobId = 1;
      for (const channel of SOCIAL_CHANNELS) {
        for (const status of POST_STATES) {
          await t.db('social_posts').insert({
            job_id: jobId++,
            channel,
            status,
            job_title: 'x'.repeat(300),
            next_attempt_at: 0,
            created_at: 0,
          });
        }
        await t.db('social_channels').insert({
          channel,
          enabled: false,
          template: 'x'.repeat(1000),
          updated_by: `admin:${'a'.repeat(100)}`,
        });
      }
      expect(Number((await t.db('social_posts').count({ n: '*' }))[0]!.n)).toBe(
        SOCIAL_CHANNELS.length * POST_STATES.length,
      );
    } finally {
      await t.close();
    }
  });
});
