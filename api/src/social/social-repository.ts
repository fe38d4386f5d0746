import type { PostState, SocialPostsQuery } from '@jobboard/contract/admin';
import type { SocialChannel } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { chunks } from '../platform/db/chunks';
import type { Db } from '../platform/db/knex';
import { Lease } from '../platform/db/lease';

/**
 * The lease of the social sender, the one row of `social_lease` (migrations/20261129142000):
 * one run at a time in any number of processes.
 */
export const SOCIAL_LEASE = new Lease({
  table: 'social_lease',
  name: 'social-posts',
  columns: { acquiredAt: false, lastFinishedAt: true },
});

/** A channel's setting as an admin saved it. */
export interface ChannelSetting {
  channel: SocialChannel;
  enabled: boolean;
  template: string;
  enabledAt: number | null;
  updatedBy: string | null;
  updatedAt: number | null;
}

/** A row of `social_posts`. */
export interface PostRow {
  id: number;
  job_id: number;
  channel: SocialChannel;
  status: PostState;
  job_title: string;
  text: string;
  remote_id: string | null;
  remote_url: string | null;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  posted_at: number | null;
  closed_at: number | null;
  removed_at: number | null;
}

/** A post to queue: a listing that went live, on one channel. */
export interface QueuedPost {
  jobId: number;
  channel: SocialChannel;
  jobTitle: string;
}

/** The channels whose posts can be deleted (not a webhook's message). */
export const DELETABLE_CHANNELS: readonly SocialChannel[] = ['bluesky', 'mastodon'];

const numeric = (row: PostRow): PostRow => ({
  ...row,
  id: Number(row.id),
  job_id: Number(row.job_id),
  attempts: Number(row.attempts),
  next_attempt_at: Number(row.next_attempt_at),
  created_at: Number(row.created_at),
  posted_at: row.posted_at == null ? null : Number(row.posted_at),
  closed_at: row.closed_at == null ? null : Number(row.closed_at),
  removed_at: row.removed_at == null ? null : Number(row.removed_at),
});

/**
 * The social slice's tables, and the only code that queries them: the channels' settings
 * (`social_channels`), the posts (`social_posts`, one per listing and channel) and the sender's
 * lease (`social_lease`).
 */
export class SocialRepository {
  readonly lease = SOCIAL_LEASE;

  constructor(readonly db: Knex) {}

  // ---- the channels ----------------------------------------------------------------------------

  /** The channels an admin has set, by channel (one never set is absent). */
  async channels(db: Db = this.db): Promise<Map<SocialChannel, ChannelSetting>> {
    const rows: {
      channel: SocialChannel;
      enabled: boolean | number;
      template: string;
      enabled_at: number | string | null;
      updated_by: string | null;
      updated_at: number | string | null;
    }[] = await db('social_channels').select();
    return new Map(
      rows.map((row) => [
        row.channel,
        {
          channel: row.channel,
          enabled: Boolean(row.enabled),
          template: row.template,
          enabledAt: row.enabled_at == null ? null : Number(row.enabled_at),
          updatedBy: row.updated_by,
          updatedAt: row.updated_at == null ? null : Number(row.updated_at),
        },
      ]),
    );
  }

  async saveChannel(db: Db, setting: ChannelSetting): Promise<void> {
    await db('social_channels')
      .insert({
        channel: setting.channel,
        enabled: setting.enabled,
        template: setting.template,
        enabled_at: setting.enabledAt,
        updated_by: setting.updatedBy,
        updated_at: setting.updatedAt,
      })
      .onConflict('channel')
      .merge(['enabled', 'template', 'enabled_at', 'updated_by', 'updated_at']);
  }

  // ---- queueing and closing (in the listing's transaction) ---------------------------------------

  /**
   * Queue these posts, due now. A listing already queued on a channel is left as it is (the
   * unique key on job and channel), whoever queued it and in whatever state: how many were new.
   */
  async queue(db: Db, posts: QueuedPost[], now: Date): Promise<number> {
    let queued = 0;
    for (const part of chunks(posts)) {
      const rows = part.map((post) => ({
        job_id: post.jobId,
        channel: post.channel,
        status: 'pending',
        job_title: post.jobTitle,
        next_attempt_at: now.getTime(),
        created_at: now.getTime(),
      }));
      const inserted: unknown[] = await db('social_posts')
        .insert(rows)
        .onConflict(['job_id', 'channel'])
        .ignore()
        .returning('id');
      queued += inserted.length;
    }
    return queued;
  }

  /**
   * These listings closed (or are gone): a post not out yet is not posted ('cancelled'), one out
   * is deleted where the network allows it ('removing', due now); a webhook's message stays, its
   * closing noted. How many posts are to be deleted.
   */
  async close(db: Db, jobIds: readonly number[], now: Date, reason: string): Promise<number> {
    let removing = 0;
    for (const part of chunks([...jobIds])) {
      const open = () => db('social_posts').whereIn('job_id', part).whereNull('closed_at');
      await open()
        .whereIn('status', ['pending', 'failed'])
        .update({ status: 'cancelled', closed_at: now.getTime(), last_error: reason });
      removing += await open()
        .where('status', 'posted')
        .whereIn('channel', DELETABLE_CHANNELS)
        .update({
          status: 'removing',
          closed_at: now.getTime(),
          attempts: 0,
          next_attempt_at: now.getTime(),
          last_error: null,
        });
      await open().where('status', 'posted').update({ closed_at: now.getTime() });
    }
    return removing;
  }

  /** A channel was turned off: its posts not out yet are not posted. How many. */
  async cancelPending(db: Db, channel: SocialChannel, now: Date, reason: string): Promise<number> {
    return db('social_posts')
      .where({ channel })
      .whereIn('status', ['pending', 'failed'])
      .update({ status: 'cancelled', closed_at: now.getTime(), last_error: reason });
  }

  // ---- the sender ------------------------------------------------------------------------------

  /** Posts and deletions due by `now` on these channels, oldest first. */
  async due(now: Date, channels: readonly SocialChannel[], limit: number): Promise<PostRow[]> {
    if (!channels.length) return [];
    const rows: PostRow[] = await this.db('social_posts')
      .whereIn('status', ['pending', 'removing'])
      .whereIn('channel', channels)
      .andWhere('next_attempt_at', '<=', now.getTime())
      .orderBy('id')
      .limit(limit);
    return rows.map(numeric);
  }

  /**
   * Take a post for one attempt until `leaseUntil`, counting the attempt; false when another
   * sender took it first (the row no longer is as it was read).
   */
  async claim(row: PostRow, leaseUntil: number): Promise<boolean> {
    const claimed = await this.db('social_posts')
      .where({ id: row.id, status: row.status, next_attempt_at: row.next_attempt_at })
      .update({ next_attempt_at: leaseUntil, attempts: row.attempts + 1 });
    return claimed > 0;
  }

  async markPosted(
    id: number,
    post: { text: string; remoteId: string | null; remoteUrl: string | null },
    now: Date,
  ): Promise<void> {
    await this.db('social_posts').where({ id, status: 'pending' }).update({
      status: 'posted',
      text: post.text,
      remote_id: post.remoteId,
      remote_url: post.remoteUrl,
      posted_at: now.getTime(),
      last_error: null,
    });
  }

  async markRemoved(id: number, now: Date): Promise<void> {
    await this.db('social_posts')
      .where({ id, status: 'removing' })
      .update({ status: 'removed', removed_at: now.getTime(), last_error: null });
  }

  /** Not posted after all: the listing closed or the channel was turned off before it went out. */
  async markCancelled(id: number, now: Date, reason: string): Promise<void> {
    await this.db('social_posts')
      .where({ id, status: 'pending' })
      .update({ status: 'cancelled', closed_at: now.getTime(), last_error: reason });
  }

  /**
   * An attempt failed: try again at `nextAttemptAt`, or give up (`failed`, `remove_failed`).
   * `attempts`, when given, replaces the count (a network's "too many requests" is no attempt).
   */
  async markAttemptFailed(
    row: PostRow,
    outcome: {
      givenUp: boolean;
      nextAttemptAt: number;
      error: string;
      text?: string;
      attempts?: number;
    },
  ): Promise<void> {
    const givenUpAs = row.status === 'removing' ? 'remove_failed' : 'failed';
    await this.db('social_posts')
      .where({ id: row.id, status: row.status })
      .update({
        status: outcome.givenUp ? givenUpAs : row.status,
        next_attempt_at: outcome.nextAttemptAt,
        last_error: outcome.error,
        ...(outcome.text !== undefined ? { text: outcome.text } : {}),
        ...(outcome.attempts !== undefined ? { attempts: outcome.attempts } : {}),
      });
  }

  /**
   * The posts out on a network that deletes them and not closed yet, after `afterId`, by id: the
   * sender asks whether their listings are still live (a listing's end comes with no change).
   */
  async openPosts(afterId: number, limit: number): Promise<{ id: number; jobId: number }[]> {
    const rows: { id: number | string; job_id: number | string }[] = await this.db('social_posts')
      .where('status', 'posted')
      .whereIn('channel', DELETABLE_CHANNELS)
      .whereNull('closed_at')
      .andWhere('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .select('id', 'job_id');
    return rows.map((row) => ({ id: Number(row.id), jobId: Number(row.job_id) }));
  }

  /** How many posts wait (to go out or to be deleted) and were given up, by state: the metrics. */
  async backlog(): Promise<Record<'pending' | 'failed' | 'removing' | 'remove_failed', number>> {
    const rows: { status: PostState; n: number | string }[] = await this.db('social_posts')
      .whereIn('status', ['pending', 'failed', 'removing', 'remove_failed'])
      .groupBy('status')
      .select('status', this.db.raw('count(*) AS n'));
    const of = (status: PostState) => Number(rows.find((row) => row.status === status)?.n ?? 0);
    return {
      pending: of('pending'),
      failed: of('failed'),
      removing: of('removing'),
      remove_failed: of('remove_failed'),
    };
  }

  // ---- the admin's log -------------------------------------------------------------------------

  /** One page of posts, newest first, of one channel and state or all; and how many there are. */
  async page(query: SocialPostsQuery): Promise<{ rows: PostRow[]; total: number }> {
    const scoped = () => {
      const q = this.db('social_posts');
      if (query.channel) q.where('channel', query.channel);
      if (query.status) q.where('status', query.status);
      return q;
    };
    const [count] = await scoped().count({ n: '*' });
    const rows: PostRow[] = await scoped()
      .select()
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { rows: rows.map(numeric), total: Number(count?.n ?? 0) };
  }

  async find(id: number): Promise<PostRow | undefined> {
    const row: PostRow | undefined = await this.db('social_posts').where({ id }).first();
    return row && numeric(row);
  }

  /**
   * A given-up post (or deletion) back in the queue, due now, with a fresh count of attempts;
   * false when it is not (or no longer) given up.
   */
  async requeue(id: number, now: Date): Promise<boolean> {
    const fresh = { attempts: 0, next_attempt_at: now.getTime(), last_error: null };
    const posts = await this.db('social_posts')
      .where({ id, status: 'failed' })
      .update({ status: 'pending', ...fresh });
    const removals = await this.db('social_posts')
      .where({ id, status: 'remove_failed' })
      .update({ status: 'removing', ...fresh });
    return posts + removals > 0;
  }
}
