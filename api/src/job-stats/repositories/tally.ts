import { CHANNELS, type ChannelCounts } from '@jobboard/contract/jobs';
import type { Counts, StatKind } from './types';

/**
 * Views and apply clicks added up as rows come from the tables: the totals (job_daily_stats, or
 * visitors counted before channels were) and each channel's (job_daily_channel_stats,
 * board_daily_channel_stats), and the visitors not rolled up yet, which count for both.
 */
export class Tally implements Counts {
  views = 0;
  applyClicks = 0;
  private readonly byChannel = new Map<string, Counts>();

  /** Rolled-up totals. */
  addTotals(views: number | string, applyClicks: number | string): void {
    this.views += Number(views);
    this.applyClicks += Number(applyClicks);
  }

  /** A channel's rolled-up counts (already in the totals). */
  addChannel(channel: string, views: number | string, applyClicks: number | string): void {
    let counts = this.byChannel.get(channel);
    if (!counts) this.byChannel.set(channel, (counts = { views: 0, applyClicks: 0 }));
    counts.views += Number(views);
    counts.applyClicks += Number(applyClicks);
  }

  /** `n` visitors not rolled up yet, of one kind and channel (null: counted before channels). */
  addVisitors(kind: StatKind, channel: string | null, n: number | string): void {
    const views = kind === 'apply' ? 0 : Number(n);
    const applyClicks = kind === 'apply' ? Number(n) : 0;
    this.addTotals(views, applyClicks);
    if (channel !== null) this.addChannel(channel, views, applyClicks);
  }

  /**
   * The channels that brought any, in CHANNELS' order. A name that is not one of them (written by
   * a later release before a rollback) is in the totals only.
   */
  channels(): ChannelCounts[] {
    return CHANNELS.flatMap((channel) => {
      const counts = this.byChannel.get(channel);
      return counts && (counts.views > 0 || counts.applyClicks > 0) ? [{ channel, ...counts }] : [];
    });
  }
}

/** Tallies by key, made as first asked for. */
export class Tallies<K> {
  readonly all = new Map<K, Tally>();

  of(key: K): Tally {
    let tally = this.all.get(key);
    if (!tally) this.all.set(key, (tally = new Tally()));
    return tally;
  }
}
