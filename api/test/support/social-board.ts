import type { SocialPost } from '@jobboard/contract/admin';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { signedIn } from './admin';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { ADMIN_JOB_FORM } from './jobs';
import { stripeEnv } from './payments';
import {
  startBluesky,
  startChatWebhook,
  startMastodon,
  type Bluesky,
  type ChatWebhook,
  type Mastodon,
} from './social-peers';
import { buildTestApp, type TestApp } from './test-app';

/** The test app's PUBLIC_URL: every post's link starts with it. */
export const PUBLIC_URL = 'http://localhost:3000';
export const METRICS_TOKEN = 'metrics-token-for-the-social-tests';

/** The templates the tests turn the channels on with. */
export const TEMPLATES = {
  bluesky: 'New job: {title} at {organization} ({location})\n{pay}\n{link}',
  mastodon: 'Hiring: {title} at {organization}, {location}. {pay}\n{link}\n#jobs',
  webhook: 'New job: {title} at {organization} ({location}) {link}',
};

export interface SocialBoard {
  bluesky: Bluesky;
  mastodon: Mastodon;
  webhook: ChatWebhook;
  stripe: FakeStripe;
  /** A fresh app for each test, with every channel set up; and an admin signed in to it. */
  t: TestApp;
  admin: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** The app's environment: each network's account, the fake Stripe, no background sender. */
  env(): Record<string, string>;
  turnOn(...channels: (keyof typeof TEMPLATES)[]): Promise<void>;
  /** A job an admin creates with the form (live unless told otherwise): its id. */
  createJob(overrides?: Record<string, unknown>): Promise<string>;
  /** The log as /admin/channels reads it. */
  log(query?: string): Promise<SocialPost[]>;
  /** The log as the service answers it: for tests that move the clock past the admin's session. */
  logNow(): Promise<SocialPost[]>;
  advance(ms: number): void;
}

/**
 * A board whose channels post to the networks run here (support/social-peers.ts): started once
 * per file, a fresh app per test, and each peer emptied after each test so a test reads only
 * what it made.
 */
export function socialBoard(): SocialBoard {
  const board = {
    env: () => ({
      METRICS_TOKEN,
      BLUESKY_SERVICE: board.bluesky.service,
      BLUESKY_HANDLE: board.bluesky.handle,
      BLUESKY_APP_PASSWORD: board.bluesky.appPassword,
      MASTODON_URL: board.mastodon.url,
      MASTODON_ACCESS_TOKEN: board.mastodon.token,
      SOCIAL_WEBHOOK_URL: board.webhook.url,
      ...stripeEnv(board.stripe),
    }),
    async turnOn(...channels: (keyof typeof TEMPLATES)[]) {
      for (const channel of channels) {
        const res = await board.admin({
          method: 'PUT',
          url: `/api/admin/channels/${channel}`,
          payload: { enabled: true, template: TEMPLATES[channel] },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    },
    async createJob(overrides: Record<string, unknown> = {}) {
      const res = await board.admin({
        method: 'POST',
        url: '/api/admin/jobs',
        payload: { ...ADMIN_JOB_FORM, ...overrides },
      });
      expect(res.statusCode, res.body).toBe(201);
      return String(res.json().id);
    },
    async log(query = '') {
      const res = await board.admin({ method: 'GET', url: `/api/admin/channels/posts${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().posts as SocialPost[];
    },
    async logNow() {
      return (await board.t.app.social.posts({ page: 1, pageSize: 25 })).posts;
    },
    advance(ms: number) {
      board.t.clock.now = new Date(board.t.clock.now.getTime() + ms);
    },
  } as Partial<SocialBoard> as SocialBoard;

  beforeAll(async () => {
    [board.bluesky, board.mastodon, board.webhook, board.stripe] = await Promise.all([
      startBluesky(),
      startMastodon(),
      startChatWebhook(),
      startFakeStripe({ webhookSecret: 'whsec_test_secret' }),
    ]);
  });
  afterAll(async () => {
    const { bluesky, mastodon, webhook, stripe } = board;
    await Promise.all([bluesky.close(), mastodon.close(), webhook.close(), stripe.close()]);
  });
  beforeEach(async () => {
    board.t = await buildTestApp({ env: board.env() });
    board.admin = await signedIn(board.t);
  });
  afterEach(async () => {
    await board.t.close();
    board.mastodon.reset();
    board.webhook.messages.length = 0;
    board.webhook.failNext.length = 0;
    for (const post of await board.bluesky.posts()) {
      await board.bluesky.reader.com.atproto.repo.deleteRecord({
        repo: board.bluesky.did,
        collection: 'app.bsky.feed.post',
        rkey: post.uri.split('/').pop()!,
      });
    }
  });
  return board;
}
