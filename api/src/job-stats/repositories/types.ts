import type { Channel, ChannelCounts } from '@jobboard/contract/jobs';

/** What is counted: a view of a job (its modal or its page), or a click of its Apply button. */
export type StatKind = 'view' | 'apply';

/**
 * Visitors counted once for one job, UTC day and kind (rows of job_stat_visitors), each with the
 * channel they were first counted for (docs/product.md#numbers).
 */
export interface VisitorGroup {
  day: string;
  jobId: number;
  kind: StatKind;
  /** Visitor hash to channel. */
  visitors: Iterable<[string, Channel]>;
}

/** Views and apply clicks: a day's, a job's, a channel's. */
export interface Counts {
  views: number;
  applyClicks: number;
}

/** One job's numbers on one UTC day, with its channels (those with any, in CHANNELS' order). */
export interface DayCounts extends Counts {
  jobId: number;
  day: string;
  channels: ChannelCounts[];
}

/** The whole board's numbers on one UTC day, with its channels. */
export interface BoardDayCounts extends Counts {
  day: string;
  channels: ChannelCounts[];
}

/** A job's numbers over all time (the admins' CSV), with its channels. */
export interface JobTotals extends Counts {
  channels: ChannelCounts[];
}
