import {
  CHANNEL_VARIABLES,
  checkTemplate,
  DEFAULT_POST_TEMPLATES,
  lengthRuleOf,
  SOCIAL_MESSAGES,
  type SocialChannels,
  type SocialChannelUpdate,
  type SocialChannelView,
  type SocialPost,
  type SocialPostPage,
  type SocialPostsQuery,
} from '@jobboard/contract/admin';
import { CHANNEL_LABELS, SOCIAL_CHANNELS, type SocialChannel } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import type { LiveListings } from '../jobs';
import type { SocialConfig } from '../platform/config';
import { afterCommit } from '../platform/db/after-commit';
import { Conflict, Invalid, NotFound } from '../platform/domain-errors';
import { jobLink, postDetails } from './post-text';
import {
  DELETABLE_CHANNELS,
  type ChannelSetting,
  type PostRow,
  type QueuedPost,
  type SocialRepository,
} from './social-repository';

/** The longest id a link may carry, for the room a template leaves (jobs.id is an int4). */
const LONGEST_JOB_ID = 2_147_483_647;

export interface SocialServiceDeps {
  db: Knex;
  repository: SocialRepository;
  listings: Pick<LiveListings, 'states' | 'newest'>;
  config: SocialConfig;
  publicUrl: string;
  /** Wake the sender (once the transaction that queued something has committed). */
  wake: () => void;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Social posting's rules (docs/product.md#social-posting): which listings are queued on which channel
 * (in the transaction that makes them live, or closes them), and the admin's channels page.
 */
export class SocialService {
  constructor(private readonly deps: SocialServiceDeps) {}

  /** The channels set up on the server (their credentials are in the environment). */
  configured(channel: SocialChannel): boolean {
    return this.deps.config[channel] !== null;
  }

  /**
   * What follows a change of these listings, in its transaction (jobs' onListingsChanged): each
   * one live now is queued on every channel that is on and was on when the job was written (a
   * listing from before a channel was turned on is not posted there); each one that closed, or
   * is gone, has its posts not out yet cancelled and those out deleted where the network allows.
   * A listing is queued once per channel, whatever comes after (the unique key).
   */
  async listingsChanged(trx: Knex.Transaction, jobIds: number[], now: Date): Promise<void> {
    const states = await this.deps.listings.states(jobIds, now, trx);
    const closed = jobIds.filter((id) => !states.get(id)?.live);
    const removing = closed.length
      ? await this.deps.repository.close(trx, closed, now, SOCIAL_MESSAGES.closedFirst)
      : 0;
    const settings = await this.deps.repository.channels(trx);
    const queued: QueuedPost[] = [];
    for (const channel of SOCIAL_CHANNELS) {
      const setting = settings.get(channel);
      if (!setting?.enabled || !this.configured(channel)) continue;
      for (const [jobId, state] of states) {
        if (state.live && state.createdAt >= (setting.enabledAt ?? Infinity)) {
          queued.push({ jobId, channel, jobTitle: state.title });
        }
      }
    }
    const added = queued.length ? await this.deps.repository.queue(trx, queued, now) : 0;
    if (added || removing) afterCommit(trx, this.deps.wake);
  }

  // ---- the admin's page --------------------------------------------------------------------------

  /** Every channel as the page shows it, and the newest live listing to preview with. */
  async view(now: Date): Promise<SocialChannels> {
    const settings = await this.deps.repository.channels();
    const sample = await this.deps.listings.newest(now);
    return {
      channels: SOCIAL_CHANNELS.map((channel) => this.channelView(channel, settings.get(channel))),
      sample: sample
        ? {
            jobId: sample.id,
            jobUrl: `${this.deps.publicUrl}/jobs/${sample.id}`,
            details: postDetails(sample),
          }
        : null,
    };
  }

  /**
   * Turn a channel on or off and save its template: Invalid naming what is wrong with the
   * template, Conflict to turn on a channel the server has no credentials for. Turned on, it
   * posts the listings written from now on; turned off, what it had not posted yet is not posted.
   * Nothing is saved when anything is refused.
   */
  async update(
    channel: SocialChannel,
    update: SocialChannelUpdate,
    actor: string,
    now: Date,
  ): Promise<SocialChannelView> {
    const rule = lengthRuleOf(channel, this.webhookFormat());
    const longestLink = jobLink(this.deps.publicUrl, LONGEST_JOB_ID, channel);
    const problem = checkTemplate(update.template, channel, rule, longestLink);
    if (problem) throw new Invalid({ template: problem });
    if (update.enabled && !this.configured(channel)) {
      throw new Conflict(
        SOCIAL_MESSAGES.cannotTurnOn(CHANNEL_LABELS[channel], CHANNEL_VARIABLES[channel]),
      );
    }
    const saved = await this.deps.db.transaction(async (trx) => {
      const before = (await this.deps.repository.channels(trx)).get(channel);
      const turnedOn = update.enabled && !before?.enabled;
      const setting: ChannelSetting = {
        channel,
        enabled: update.enabled,
        template: update.template,
        enabledAt: turnedOn ? now.getTime() : (before?.enabledAt ?? null),
        updatedBy: actor,
        updatedAt: now.getTime(),
      };
      await this.deps.repository.saveChannel(trx, setting);
      if (!update.enabled && before?.enabled) {
        await this.deps.repository.cancelPending(trx, channel, now, SOCIAL_MESSAGES.turnedOff);
      }
      return setting;
    });
    return this.channelView(channel, saved);
  }

  /** One page of the log, newest first. */
  async posts(query: SocialPostsQuery): Promise<SocialPostPage> {
    const { rows, total } = await this.deps.repository.page(query);
    return { posts: rows.map(postView), total, page: query.page, pageSize: query.pageSize };
  }

  /** A given-up post or deletion tried again now (NotFound; Conflict when it is not given up). */
  async retry(id: number, now: Date): Promise<{ message: string }> {
    const post = await this.deps.repository.find(id);
    if (!post) throw new NotFound(SOCIAL_MESSAGES.postNotFound);
    if (!(await this.deps.repository.requeue(id, now)))
      throw new Conflict(SOCIAL_MESSAGES.notRetryable);
    this.deps.wake();
    return { message: SOCIAL_MESSAGES.retried };
  }

  private webhookFormat() {
    return this.deps.config.webhook?.format ?? 'slack';
  }

  private channelView(
    channel: SocialChannel,
    setting: ChannelSetting | undefined,
  ): SocialChannelView {
    const rule = lengthRuleOf(channel, this.webhookFormat());
    return {
      channel,
      label: CHANNEL_LABELS[channel],
      configured: this.configured(channel),
      account: this.account(channel),
      enabled: Boolean(setting?.enabled) && this.configured(channel),
      template: setting?.template ?? DEFAULT_POST_TEMPLATES[channel],
      defaultTemplate: DEFAULT_POST_TEMPLATES[channel],
      maxLength: rule.max,
      counts: rule.counts,
      canDelete: DELETABLE_CHANNELS.includes(channel),
      enabledAt: iso(setting?.enabledAt ?? null),
      updatedBy: setting?.updatedBy ?? null,
      updatedAt: iso(setting?.updatedAt ?? null),
    };
  }

  /** Who posts, never a secret: the handle, the instance, the webhook's host only (its path is its key). */
  private account(channel: SocialChannel): string | null {
    const { bluesky, mastodon, webhook } = this.deps.config;
    if (channel === 'bluesky') return bluesky ? `@${bluesky.handle}` : null;
    if (channel === 'mastodon') return mastodon ? new URL(mastodon.url).host : null;
    return webhook
      ? `${new URL(webhook.url).host} (${webhook.format === 'discord' ? 'Discord' : 'Slack'})`
      : null;
  }
}

function postView(row: PostRow): SocialPost {
  const waiting = row.status === 'pending' || row.status === 'removing';
  return {
    id: String(row.id),
    channel: row.channel,
    jobId: String(row.job_id),
    jobTitle: row.job_title,
    status: row.status,
    text: row.text,
    url: row.remote_url,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: waiting ? iso(row.next_attempt_at) : null,
    createdAt: new Date(row.created_at).toISOString(),
    postedAt: iso(row.posted_at),
    removedAt: iso(row.removed_at),
    retryable: row.status === 'failed' || row.status === 'remove_failed',
  };
}
