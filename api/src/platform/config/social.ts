/**
 * The channels new listings are posted to (platform/config.ts; issue 44, docs/configuration.md#social-posting):
 * each network's account, in the environment only. They are the publication's credentials, set
 * once by whoever runs the server, not something an admin changes from /admin: kept out of the
 * database (and its backups), never answered to a browser, never logged.
 */
import { WEBHOOK_FORMATS, type WebhookFormat } from '@jobboard/contract/admin';
import { parseCount, parseTimeout } from '../config-values';
import type { Env, Read } from './env';
import { onThisHost } from './production';

export interface BlueskyConfig {
  /** BLUESKY_SERVICE: the account's PDS (https://bsky.social by default). */
  service: string;
  /** BLUESKY_HANDLE: the account's handle (publication.example.org) or DID. */
  handle: string;
  /** BLUESKY_APP_PASSWORD: an app password of the account, never its own password. */
  appPassword: string;
}

export interface MastodonConfig {
  /** MASTODON_URL: the publication's instance (https://mastodon.example). */
  url: string;
  /** MASTODON_ACCESS_TOKEN: an application's token on it, with the write:statuses scope. */
  accessToken: string;
}

export interface WebhookConfig {
  /** SOCIAL_WEBHOOK_URL: a Slack or Discord incoming webhook (its address is its secret). */
  url: string;
  /** SOCIAL_WEBHOOK_FORMAT: `{text}` (Slack) or `{content}` (Discord); told by the address by default. */
  format: WebhookFormat;
}

export interface SocialConfig {
  bluesky: BlueskyConfig | null;
  mastodon: MastodonConfig | null;
  webhook: WebhookConfig | null;
  /**
   * SOCIAL_POLL_SECONDS: how often a process looks for posts due (0: this process never sends;
   * another must, the commands of `jobboard` turn it off in theirs).
   */
  pollSeconds: number;
  /** SOCIAL_TIMEOUT_SECONDS: how long one call to a network may take. */
  timeoutSeconds: number;
}

/** What the configuration refuses of the channels, in the operator's words. */
export const SOCIAL_CONFIG_PROBLEMS = {
  blueskyPair:
    'BLUESKY_HANDLE and BLUESKY_APP_PASSWORD go together: set both to post to Bluesky, or neither',
  mastodonPair:
    'MASTODON_URL and MASTODON_ACCESS_TOKEN go together: set both to post to Mastodon, or neither',
  overHttp: (name: string) =>
    `${name} is http:// in production: the credentials would cross the network unencrypted. Give its https:// address (http:// is taken only on this host: localhost, 127.0.0.1 or ::1)`,
} as const;

function invalid(message: string): never {
  throw new Error(message);
}

/** A handle (publication.example.org, with or without its @) or a DID (did:plc:..., did:web:...). */
export function parseBlueskyHandle(raw: string): string {
  const handle = raw.replace(/^@/, '');
  const domain =
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/i;
  const did = /^did:(plc|web):[a-zA-Z0-9._:%-]{1,2000}$/;
  return domain.test(handle) || did.test(handle)
    ? handle
    : invalid(
        "must be the account's handle (such as publication.example.org or publication.bsky.social) or its DID",
      );
}

/**
 * An app password: four groups of four lower-case letters or digits. The account's own password
 * is refused: it could change the account's e-mail, password and app passwords.
 */
export function parseAppPassword(raw: string): string {
  return /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/.test(raw)
    ? raw
    : invalid(
        "must be an app password (four groups of four letters or digits, such as abcd-efgh-ijkl-mnop), made in Bluesky under Settings, Privacy and security, App passwords; never the account's own password",
      );
}

/** A site's plain address, its origin and path, without a query, fragment or credentials. */
function parseSiteUrl(what: string) {
  return (raw: string): string => {
    const url = URL.canParse(raw) ? new URL(raw) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      return invalid(`must be the http(s) address of ${what}`);
    }
    if (url.search || url.hash || url.username || url.password) {
      return invalid(`must be the plain address of ${what}, without a query, fragment or password`);
    }
    return url.origin + url.pathname.replace(/\/+$/, '');
  };
}

/** A Mastodon access token: letters, digits and the characters of base64 and base64url. */
export function parseAccessToken(raw: string): string {
  return /^[A-Za-z0-9._~+/=-]{20,512}$/.test(raw)
    ? raw
    : invalid(
        'must be the access token of an application on the instance (Preferences, Development)',
      );
}

/** An incoming webhook's address, kept whole (its path is its secret). */
export function parseWebhookUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  return url &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.username &&
    !url.password
    ? url.toString()
    : invalid("must be the incoming webhook's http(s) address, as Slack or Discord gives it");
}

function parseWebhookFormat(raw: string): WebhookFormat {
  return (WEBHOOK_FORMATS as readonly string[]).includes(raw)
    ? (raw as WebhookFormat)
    : invalid(`must be one of ${WEBHOOK_FORMATS.join(', ')}`);
}

/** Discord's webhooks answer at discord.com (and its older and test names); any other is Slack's form. */
const DISCORD_HOSTS = /^((ptb|canary)\.)?discord(app)?\.com$/;

/** The channels' settings (Config's `social`); every pair set whole or not at all. */
export function readSocial(
  read: Read,
  env: Env,
  problems: string[],
  production: boolean,
): SocialConfig {
  const handle = read('BLUESKY_HANDLE', parseBlueskyHandle, '');
  const appPassword = read('BLUESKY_APP_PASSWORD', parseAppPassword, '');
  const service = read(
    'BLUESKY_SERVICE',
    parseSiteUrl("the Bluesky account's PDS"),
    'https://bsky.social',
  );
  const mastodonUrl = read('MASTODON_URL', parseSiteUrl('the Mastodon instance'), '');
  const accessToken = read('MASTODON_ACCESS_TOKEN', parseAccessToken, '');
  const webhookUrl = read('SOCIAL_WEBHOOK_URL', parseWebhookUrl, '');
  const set = (name: string) => (env[name] ?? '').trim() !== '';

  if (set('BLUESKY_HANDLE') !== set('BLUESKY_APP_PASSWORD')) {
    problems.push(SOCIAL_CONFIG_PROBLEMS.blueskyPair);
  }
  if (set('MASTODON_URL') !== set('MASTODON_ACCESS_TOKEN')) {
    problems.push(SOCIAL_CONFIG_PROBLEMS.mastodonPair);
  }
  if (production) {
    const named: [string, string][] = [
      ['BLUESKY_SERVICE', handle && appPassword ? service : ''],
      ['MASTODON_URL', mastodonUrl],
      ['SOCIAL_WEBHOOK_URL', webhookUrl],
    ];
    for (const [name, value] of named) {
      const url = value && URL.canParse(value) ? new URL(value) : null;
      if (url?.protocol === 'http:' && !onThisHost(url))
        problems.push(SOCIAL_CONFIG_PROBLEMS.overHttp(name));
    }
  }
  const webhookFormat = read(
    'SOCIAL_WEBHOOK_FORMAT',
    parseWebhookFormat,
    webhookUrl && DISCORD_HOSTS.test(new URL(webhookUrl).hostname) ? 'discord' : 'slack',
  );
  return {
    bluesky: handle && appPassword ? { service, handle, appPassword } : null,
    mastodon: mastodonUrl && accessToken ? { url: mastodonUrl, accessToken } : null,
    webhook: webhookUrl ? { url: webhookUrl, format: webhookFormat } : null,
    pollSeconds: read('SOCIAL_POLL_SECONDS', parseCount, 60),
    timeoutSeconds: read('SOCIAL_TIMEOUT_SECONDS', parseTimeout, 15),
  };
}
