import {
  array,
  boolean,
  enums,
  integer,
  min,
  nullable,
  object,
  string,
  type Infer,
} from 'superstruct';
import { MAX_PAGE } from './choices';
import { CHANNEL_LABELS, SOCIAL_CHANNELS, type SocialChannel } from './channels';
import { queryChoice } from './admin-lists';
import { queryInteger } from './search';

/**
 * Social posting (issue 44, docs/product.md#social-posting): each new listing goes out once to every
 * channel that is on, in the words of the channel's template. The template, how each network
 * counts a post's length and how a post too long for it is fitted live here, once: the admin's
 * preview (mfe-admin) and the sender (api/src/social/) use the same functions, so the length the
 * page shows is the one the network is sent.
 */

/** What a template may name; `{link}` is the job's page on the board, with its channel. */
export const POST_PLACEHOLDERS = [
  'title',
  'organization',
  'location',
  'pay',
  'type',
  'link',
] as const;
export type PostPlaceholder = (typeof POST_PLACEHOLDERS)[number];

/** The job's details a post names (every placeholder but the link). */
export type PostDetails = Record<Exclude<PostPlaceholder, 'link'>, string>;
/** Every placeholder's value for one job on one channel. */
export type PostValues = PostDetails & { link: string };

/** The longest template an admin may save (social_channels.template is text). */
export const TEMPLATE_MAX = 1000;
/** What a template's own text must leave of the network's limit for the job's details. */
export const TEMPLATE_MIN_ROOM = 40;

/**
 * How a network counts a post: Bluesky in graphemes (what a reader sees as one character: an
 * emoji with its modifiers is one); Mastodon in graphemes too, each link as 23 whatever its length
 * (its StatusLengthValidator); a chat webhook in characters (code points).
 */
export const LENGTH_COUNTS = ['graphemes', 'graphemes-links-23', 'characters'] as const;
export type LengthCount = (typeof LENGTH_COUNTS)[number];
export interface LengthRule {
  max: number;
  counts: LengthCount;
}

/** The chat services whose incoming webhooks the board posts to: Slack's `{text}`, Discord's `{content}`. */
export const WEBHOOK_FORMATS = ['slack', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/**
 * Each network's limit: Bluesky's 300 graphemes (app.bsky.feed.post's maxGraphemes), Mastodon's
 * 500 (an instance may allow more; 500 is the default and what every instance takes), Discord's
 * 2,000 characters of `content`, and the 4,000 characters Slack shows before it cuts a message.
 */
export const LENGTH_RULES = {
  bluesky: { max: 300, counts: 'graphemes' },
  mastodon: { max: 500, counts: 'graphemes-links-23' },
  slack: { max: 4000, counts: 'characters' },
  discord: { max: 2000, counts: 'characters' },
} as const satisfies Record<Exclude<SocialChannel, 'webhook'> | WebhookFormat, LengthRule>;

/** How many characters Mastodon counts a link as, however long it is. */
export const MASTODON_LINK_LENGTH = 23;

/** The rule a channel's posts are held to (a webhook's by its service). */
export function lengthRuleOf(channel: SocialChannel, webhookFormat: WebhookFormat): LengthRule {
  return channel === 'webhook' ? LENGTH_RULES[webhookFormat] : LENGTH_RULES[channel];
}

/** Each channel's template until an admin writes one. */
export const DEFAULT_POST_TEMPLATES: Record<SocialChannel, string> = {
  bluesky: 'New job: {title} at {organization} ({location})\n{pay}\n{link}',
  mastodon: 'New job: {title} at {organization} ({location})\n{pay}\n\n{link}\n\n#jobs #nonprofit',
  webhook: 'New job: {title} at {organization} ({location})\n{pay}\n{link}',
};

const graphemeSegmenter = () => new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The graphemes of a text: what a reader counts as its characters. */
export function graphemesOf(text: string): string[] {
  return Array.from(graphemeSegmenter().segment(text), (part) => part.segment);
}

/**
 * A link as Mastodon finds one in a status (http or https, up to white space, less the
 * punctuation that ends a sentence after it): counted as MASTODON_LINK_LENGTH.
 */
const LINK = /https?:\/\/[^\s]*[^\s.,;:!?'")\]]/gu;

/** A post's length as the channel's network counts it. */
export function postLength(text: string, counts: LengthCount): number {
  if (counts === 'characters') return Array.from(text).length;
  const countable =
    counts === 'graphemes-links-23' ? text.replace(LINK, 'x'.repeat(MASTODON_LINK_LENGTH)) : text;
  return graphemesOf(countable).length;
}

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;

/**
 * The template with each placeholder replaced by its value. A line that names placeholders and
 * comes out blank (a job without pay on the `{pay}` line) is left out; the template's own blank
 * lines stay. Spaces around each line are trimmed.
 */
export function renderTemplate(template: string, values: PostValues): string {
  const lines: string[] = [];
  for (const line of template.replace(/\r\n?/g, '\n').split('\n')) {
    const named = PLACEHOLDER.test(line);
    PLACEHOLDER.lastIndex = 0;
    const filled = line
      .replace(PLACEHOLDER, (whole, name: string) =>
        (POST_PLACEHOLDERS as readonly string[]).includes(name)
          ? values[name as PostPlaceholder]
          : whole,
      )
      .replace(/[ \t]{2,}/g, ' ')
      .trim();
    if (named && !filled) continue;
    lines.push(filled);
  }
  return lines.join('\n').trim();
}

/** A post as it will go out: its text, its length as the network counts it, and whether it fits. */
export interface ComposedPost {
  text: string;
  length: number;
  max: number;
  fits: boolean;
  /** Whether a detail was shortened (with …) to fit. */
  shortened: boolean;
}

const SHORTENED = ['title', 'organization', 'location', 'pay', 'type'] as const;

/**
 * The post for one job: the template filled in, and, when that is longer than the network takes,
 * the longest of the job's details shortened (cut, with '…') until it fits; the link and the
 * template's own text are never cut. Does not fit only when the template's own text alone is too
 * long, which checkTemplate refuses before it is saved.
 */
export function composePost(template: string, values: PostValues, rule: LengthRule): ComposedPost {
  const current = { ...values };
  let text = renderTemplate(template, current);
  let length = postLength(text, rule.counts);
  let shortened = false;
  // Each pass takes at least one grapheme off the longest detail: it ends.
  for (let pass = 0; length > rule.max && pass < 10_000; pass += 1) {
    const longest = SHORTENED.map((name) => ({ name, parts: graphemesOf(current[name]) })).sort(
      (a, b) => b.parts.length - a.parts.length,
    )[0]!;
    if (longest.parts.length <= 1) break;
    const keep = Math.max(1, longest.parts.length - (length - rule.max) - 1);
    current[longest.name] = `${longest.parts.slice(0, keep).join('').trimEnd()}…`;
    shortened = true;
    text = renderTemplate(template, current);
    length = postLength(text, rule.counts);
  }
  return { text, length, max: rule.max, fits: length <= rule.max, shortened };
}

/**
 * What is wrong with a template, in the admin's words, or undefined when it may be saved.
 * `link`: a link as long as any the channel will send (its room is counted as it will be).
 */
export function checkTemplate(
  template: string,
  channel: SocialChannel,
  rule: LengthRule,
  link: string,
): string | undefined {
  if (!template.trim()) return SOCIAL_MESSAGES.templateBlank;
  if (Array.from(template).length > TEMPLATE_MAX) return SOCIAL_MESSAGES.templateTooLong;
  const unknown = [...template.matchAll(PLACEHOLDER)]
    .map((match) => match[1]!)
    .filter((name) => !(POST_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length) return SOCIAL_MESSAGES.unknownPlaceholder(unknown[0]!);
  if (!template.includes('{link}')) return SOCIAL_MESSAGES.linkMissing;
  const empty: PostValues = { title: '', organization: '', location: '', pay: '', type: '', link };
  const own = postLength(renderTemplate(template, empty), rule.counts);
  if (own > rule.max - TEMPLATE_MIN_ROOM) {
    return SOCIAL_MESSAGES.templateLeavesNoRoom(CHANNEL_LABELS[channel], own, rule.max);
  }
  return undefined;
}

// ---- what the API answers -------------------------------------------------------------------

/** A channel as /admin/channels shows it. Never a secret: an app password or token is only "set". */
export const SocialChannelView = object({
  channel: enums(SOCIAL_CHANNELS),
  label: string(),
  /** Whether its credentials are in the server's configuration (docs/configuration.md#social-posting). */
  configured: boolean(),
  /** Who posts: the Bluesky handle, the Mastodon instance, the webhook's host; null when not configured. */
  account: nullable(string()),
  enabled: boolean(),
  template: string(),
  defaultTemplate: string(),
  /** The network's limit and how it counts (LENGTH_RULES). */
  maxLength: integer(),
  counts: enums(LENGTH_COUNTS),
  /** Whether a closed listing's post is deleted there (not a webhook's). */
  canDelete: boolean(),
  /** When it was last turned on (ISO): listings published from then on are posted. */
  enabledAt: nullable(string()),
  /** Who last changed it ('admin:alice'), and when (ISO); null when never changed. */
  updatedBy: nullable(string()),
  updatedAt: nullable(string()),
});
export type SocialChannelView = Infer<typeof SocialChannelView>;

/** The newest live listing, which the page previews each template with. */
export const PostSample = object({
  jobId: string(),
  /** The job's page on the board (each channel's link adds its `via`). */
  jobUrl: string(),
  details: object({
    title: string(),
    organization: string(),
    location: string(),
    pay: string(),
    type: string(),
  }),
});
export type PostSample = Infer<typeof PostSample>;

/** `GET /api/admin/channels`. */
export const SocialChannels = object({
  channels: array(SocialChannelView),
  /** null while no listing is live. */
  sample: nullable(PostSample),
});
export type SocialChannels = Infer<typeof SocialChannels>;

/** `PUT /api/admin/channels/:channel`: on or off, and the template (checked by checkTemplate). */
export const SocialChannelUpdate = object({ enabled: boolean(), template: string() });
export type SocialChannelUpdate = Infer<typeof SocialChannelUpdate>;

export const SocialChannelParams = object({ channel: enums(SOCIAL_CHANNELS) });

/**
 * A post's states: waiting to go out, out, given up; not posted because the listing closed or the
 * channel was turned off first; being deleted after the listing closed, deleted, delete given up.
 */
export const POST_STATES = [
  'pending',
  'posted',
  'failed',
  'cancelled',
  'removing',
  'removed',
  'remove_failed',
] as const;
export type PostState = (typeof POST_STATES)[number];

export const SocialPostsQuery = object({
  channel: queryChoice(SOCIAL_CHANNELS),
  status: queryChoice(POST_STATES),
  page: queryInteger(1, MAX_PAGE, 1),
  pageSize: queryInteger(1, 100, 25),
});
export type SocialPostsQuery = Infer<typeof SocialPostsQuery>;

/** One listing's post on one channel, as the log lists it. */
export const SocialPost = object({
  id: string(),
  channel: enums(SOCIAL_CHANNELS),
  jobId: string(),
  /** The job's title when it was queued (the job may since be gone). */
  jobTitle: string(),
  status: enums(POST_STATES),
  /** What was (or will be) posted; empty until it is sent. */
  text: string(),
  /** The post on its network (a Bluesky or Mastodon address); null for a webhook or before it is out. */
  url: nullable(string()),
  attempts: integer(),
  lastError: nullable(string()),
  /** When the next try is due (ISO), for a post waiting to go out or to be deleted. */
  nextAttemptAt: nullable(string()),
  createdAt: string(),
  postedAt: nullable(string()),
  removedAt: nullable(string()),
  /** Whether 'Retry' is offered: given up (its post or its deletion). */
  retryable: boolean(),
});
export type SocialPost = Infer<typeof SocialPost>;

export const SocialPostPage = object({
  posts: array(SocialPost),
  total: min(integer(), 0),
  page: min(integer(), 1),
  pageSize: min(integer(), 1),
});
export type SocialPostPage = Infer<typeof SocialPostPage>;

// ---- texts ------------------------------------------------------------------------------------

const PLACEHOLDER_LIST = '{title}, {organization}, {location}, {pay}, {type} or {link}';

/** The texts of social posting: the API's refusals and the admin's channels page. */
export const SOCIAL_MESSAGES = {
  templateBlank: "Write the post's template.",
  templateTooLong: `A template can be at most ${TEMPLATE_MAX.toLocaleString('en-US')} characters.`,
  unknownPlaceholder: (name: string) =>
    `There is no placeholder {${name}}: use ${PLACEHOLDER_LIST}.`,
  linkMissing: 'The template must have {link}: each post links to the job through the board.',
  templateLeavesNoRoom: (channel: string, own: number, max: number) =>
    `Without the job's details this post is already ${own} of ${channel}'s ${max} characters: shorten the template's own text to leave at least ${TEMPLATE_MIN_ROOM} for the job.`,
  cannotTurnOn: (channel: string, variables: string) =>
    `${channel} is not set up on the server: set ${variables} (docs/configuration.md), then turn it on.`,
  channelNotFound: 'No such channel.',
  postNotFound: 'Post not found.',
  notRetryable: 'Only a post or a deletion that was given up can be tried again.',
  retried: 'Queued again: it goes out within a minute.',
  /** Why a post never went out. */
  closedFirst: 'The listing closed before it was posted.',
  turnedOff: 'The channel was turned off before it was posted.',
  /** The sender's words for what the log shows. */
  notSetUp: 'The channel is not set up on the server: it waits until it is.',
  webhookCannotDelete: 'A webhook message cannot be deleted: it stays in the chat.',
  // The page (mfe-admin /admin/channels).
  title: 'Channels',
  subtitle: 'New listings go out to each channel that is on, once, as soon as they are live.',
  nav: 'Channels',
  on: (channel: string) => `Post new listings to ${channel}`,
  template: 'Template',
  templateHelp: `Placeholders: ${PLACEHOLDER_LIST}. A line whose details are all empty is left out.`,
  useDefault: 'Use the default template',
  save: 'Save',
  saved: (channel: string) => `${channel} saved`,
  saveFailed: (channel: string) => `${channel} was not saved`,
  configured: (account: string) => `Posts as ${account}`,
  notConfigured: (variables: string) => `Not set up: set ${variables} on the server to use it.`,
  credentials: 'Credentials: set',
  preview: 'Preview',
  previewOf: (title: string) => `Preview with the newest live listing, ${title}`,
  noSample: 'No listing is live yet: the preview shows once one is.',
  length: (length: number, max: number) => `${length} of ${max} characters`,
  tooLong: (length: number, max: number) =>
    `${length} of ${max} characters: the job's details will be shortened to fit.`,
  shortened: "The job's details are shortened to fit.",
  /** The sender's refusal of a post still too long with the details cut (a template saved for another service). */
  stillTooLong: (length: number, max: number) =>
    `The post is ${length} of ${max} characters even with the job's details shortened: shorten the channel's template.`,
  cannotDelete: "A webhook's message is not deleted when the listing closes.",
  deletes: "A closed or removed listing's post is deleted.",
  log: 'Recent posts',
  logSubtitle: 'The latest posts on every channel, newest first.',
  channel: 'Channel',
  anyChannel: 'Any channel',
  state: 'State',
  anyState: 'Any state',
  columns: ['Queued', 'Channel', 'Listing', 'State', 'Attempts', 'Actions'],
  states: {
    pending: 'Waiting',
    posted: 'Posted',
    failed: 'Failed',
    cancelled: 'Not posted',
    removing: 'Deleting',
    removed: 'Deleted',
    remove_failed: 'Delete failed',
  } satisfies Record<PostState, string>,
  retry: 'Retry',
  retryLabel: (channel: string, title: string) => `Retry ${channel}: ${title}`,
  retryFailed: 'The post was not queued again',
  tryAgain: 'Please try again.',
  viewPost: 'View post',
  lastError: (error: string) => `Last error: ${error}`,
  nextTry: (time: string) => `Next try ${time} UTC`,
  queuedAt: (time: string) => `${time} UTC`,
  empty: 'No post in this view.',
  loading: 'Loading channels...',
  loadFailed: 'The channels could not be loaded.',
  loadingPosts: 'Loading posts...',
  postsFailed: 'The posts could not be loaded.',
} as const;

/** What each channel's credentials are called in the environment (docs/configuration.md#social-posting). */
export const CHANNEL_VARIABLES: Record<SocialChannel, string> = {
  bluesky: 'BLUESKY_HANDLE and BLUESKY_APP_PASSWORD',
  mastodon: 'MASTODON_URL and MASTODON_ACCESS_TOKEN',
  webhook: 'SOCIAL_WEBHOOK_URL',
};
