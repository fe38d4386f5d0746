import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';
import { PRODUCTION_READY, problemsOf } from '../support/config-problems';
import { SOCIAL_CONFIG_PROBLEMS } from '../../src/platform/config/social';

/** The channels' credentials (docs/configuration.md#social-posting): checked at start, never quoted back. */

const BLUESKY = {
  BLUESKY_HANDLE: '@publication.example.org',
  BLUESKY_APP_PASSWORD: 'abcd-efgh-ijkl-mnop',
};
const MASTODON = {
  MASTODON_URL: 'https://mastodon.example/',
  MASTODON_ACCESS_TOKEN: 'Zx9_token-of-an-application-0123456789',
};

describe('the channels in the configuration', () => {
  it('has none until their variables are set, and each once they are', () => {
    expect(loadConfig({}).social).toMatchObject({
      bluesky: null,
      mastodon: null,
      webhook: null,
      pollSeconds: 60,
    });
    const { social } = loadConfig({
      ...BLUESKY,
      ...MASTODON,
      SOCIAL_WEBHOOK_URL: 'https://discord.com/api/webhooks/1/secret',
    });
    expect(social).toMatchObject({
      bluesky: {
        service: 'https://bsky.social',
        handle: 'publication.example.org',
        appPassword: 'abcd-efgh-ijkl-mnop',
      },
      mastodon: { url: 'https://mastodon.example', accessToken: MASTODON.MASTODON_ACCESS_TOKEN },
      webhook: { url: 'https://discord.com/api/webhooks/1/secret', format: 'discord' },
    });
    expect(
      loadConfig({ SOCIAL_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/x' }).social.webhook
        ?.format,
    ).toBe('slack');
  });

  it("refuses the account's own password, and a half-set pair, without quoting a secret", () => {
    const problems = problemsOf({
      BLUESKY_HANDLE: 'publication.example.org',
      BLUESKY_APP_PASSWORD: 'my-real-Password!',
      MASTODON_ACCESS_TOKEN: MASTODON.MASTODON_ACCESS_TOKEN,
      SOCIAL_WEBHOOK_URL: 'ftp://hooks.example/secret-path',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^BLUESKY_APP_PASSWORD must be an app password \(four groups of four/),
      "SOCIAL_WEBHOOK_URL must be the incoming webhook's http(s) address, as Slack or Discord gives it",
      SOCIAL_CONFIG_PROBLEMS.mastodonPair,
    ]);
    const all = problems.join('\n');
    for (const secret of ['my-real-Password!', 'secret-path', MASTODON.MASTODON_ACCESS_TOKEN]) {
      expect(all).not.toContain(secret);
    }
  });

  it('refuses a handle that is none', () => {
    expect(problemsOf({ ...BLUESKY, BLUESKY_HANDLE: 'not a handle' })).toEqual([
      expect.stringMatching(/^BLUESKY_HANDLE must be the account's handle/),
    ]);
    expect(problemsOf({ BLUESKY_HANDLE: 'publication.example.org' })).toEqual([
      SOCIAL_CONFIG_PROBLEMS.blueskyPair,
    ]);
  });

  it('refuses sending credentials over http:// in production, but for a server on this host', () => {
    const production = PRODUCTION_READY;
    expect(
      problemsOf({
        ...production,
        ...BLUESKY,
        BLUESKY_SERVICE: 'http://pds.example',
        MASTODON_URL: 'http://mastodon.example',
        MASTODON_ACCESS_TOKEN: MASTODON.MASTODON_ACCESS_TOKEN,
      }),
    ).toEqual([
      SOCIAL_CONFIG_PROBLEMS.overHttp('BLUESKY_SERVICE'),
      SOCIAL_CONFIG_PROBLEMS.overHttp('MASTODON_URL'),
    ]);
    expect(
      problemsOf({ ...production, ...BLUESKY, BLUESKY_SERVICE: 'http://127.0.0.1:2583' }),
    ).toEqual([]);
  });
});
