/**
 * Where a visit or an apply click came from (issue 44): the channel of a job's link. The
 * publication's own channels put it in the link as `?via=<channel>` (the newsletter block, each
 * social post, the feeds, /job-list); the board's own links and a visitor who arrives with no
 * `via` are told apart by the count itself (docs/product.md#numbers).
 */
export const CHANNELS = [
  'board',
  'newsletter',
  'bluesky',
  'mastodon',
  'webhook',
  'feed',
  'list',
  'direct',
] as const;
export type Channel = (typeof CHANNELS)[number];

/** How the numbers name each channel (the employer's page, the admin's dashboard, the CSV). */
export const CHANNEL_LABELS: Record<Channel, string> = {
  board: 'The board',
  newsletter: 'Newsletter',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  webhook: 'Chat webhook',
  feed: 'Feeds',
  list: 'Job list',
  direct: 'Direct',
};

/** The channels a link names with `via=` (the board's own links and direct visits carry none). */
export const VIA_CHANNELS = [
  'newsletter',
  'bluesky',
  'mastodon',
  'webhook',
  'feed',
  'list',
] as const;
export type ViaChannel = (typeof VIA_CHANNELS)[number];

/** The query parameter that names a link's channel. */
export const VIA_PARAM = 'via';

/** The channel a `via` value names, or undefined for anything else (an unknown value is ignored). */
export function channelOfVia(via: unknown): ViaChannel | undefined {
  return typeof via === 'string' && (VIA_CHANNELS as readonly string[]).includes(via)
    ? (via as ViaChannel)
    : undefined;
}

/** `url` (absolute or a path) with `via=<channel>` added, keeping what it has. */
export function withVia(url: string, channel: ViaChannel): string {
  const [beforeHash, hash = ''] = url.split(/#(.*)/s, 2) as [string, string?];
  const joiner = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${joiner}${VIA_PARAM}=${channel}${hash ? `#${hash}` : ''}`;
}
