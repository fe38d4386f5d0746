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

/**
 * How the numbers name a channel: its label, or its name for one this build does not know (added
 * to the API after it was built: docs/decisions/api-compatibility.md).
 */
export const channelLabel = (channel: string): string =>
  (CHANNEL_LABELS as Record<string, string>)[channel] ?? channel;

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

/**
 * The channel a counted request names (the view beacon, the Apply redirect: `?via=`), or
 * undefined. Unlike a link from outside (channelOfVia), the board's own page names every channel,
 * 'board' and 'direct' included: it is the page that knows how the visitor came to the job.
 */
export function countedChannel(via: unknown): Channel | undefined {
  return typeof via === 'string' && (CHANNELS as readonly string[]).includes(via)
    ? (via as Channel)
    : undefined;
}

/**
 * 'board' when `referrer` is a page of the board's own site (`siteOrigin`, as `scheme://host[:port]`),
 * else 'direct' (another site, none at all: a bookmark, an address typed, a mail program).
 */
export function channelOfReferrer(
  referrer: string | undefined,
  siteOrigin: string,
): 'board' | 'direct' {
  if (!referrer || !referrer.startsWith(siteOrigin)) return 'direct';
  const next = referrer.charAt(siteOrigin.length);
  return next === '' || next === '/' || next === '?' || next === '#' ? 'board' : 'direct';
}

/**
 * The channel of a job's page as the browser loaded it (docs/product.md#numbers): the `via` of its
 * address when it names one of the publication's channels (anything else is ignored), else the
 * page's referrer (channelOfReferrer). The server draws the page's first view with it and the
 * board decides with it in the browser: the same answer from the same request.
 */
export function channelOfLanding(
  search: string,
  referrer: string | undefined,
  siteOrigin: string,
): Channel {
  return (
    channelOfVia(new URLSearchParams(search).get(VIA_PARAM)) ??
    channelOfReferrer(referrer, siteOrigin)
  );
}

/**
 * A query string (`?a=1&via=feed`) without its `via`: the board's own links keep the address's
 * filters but not its channel, which names the one job the link led to. Left as it is when it
 * has none.
 */
export function withoutVia(search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has(VIA_PARAM)) return search;
  params.delete(VIA_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The channels a new listing is posted to (docs/product.md#social-posting): each a network the board
 * posts to with the publication's own account, each link in a post naming it with `via=`.
 */
export const SOCIAL_CHANNELS = [
  'bluesky',
  'mastodon',
  'webhook',
] as const satisfies readonly ViaChannel[];
export type SocialChannel = (typeof SOCIAL_CHANNELS)[number];
