import {
  array,
  enums,
  integer,
  min,
  object,
  optional,
  pattern,
  string,
  type Infer,
} from 'superstruct';
import { CHANNELS, VIA_PARAM, type Channel } from './channels';

/**
 * The numbers that show a listing worked (docs/product.md#numbers): per job and UTC day, the
 * visitors who viewed it (its modal or its page) and who followed its Apply button, each counted
 * once a day, without cookies or stored addresses.
 */
export const JOB_STATS_DAYS = 30;

/**
 * Where the Apply button of job `id` goes: counted there (for `channel`, the channel of the job's
 * view in the page: docs/product.md#numbers), then redirected (303) to the job's own address.
 */
export const jobApplyPath = (id: number | string, channel?: Channel): string =>
  `/jobs/${id}/apply${channel ? `?${VIA_PARAM}=${channel}` : ''}`;

/**
 * The query of a counted request (the view beacon; the Apply redirect reads the same): `via`, the
 * channel the board's page counts the job's view or click for (countedChannel: any of CHANNELS).
 * Anything else is ignored, never refused: such a request counts as one naming no channel.
 */
export const CountedQuery = object({ via: optional(string()) });
export type CountedQuery = Infer<typeof CountedQuery>;

/**
 * One channel's views and apply clicks (issue 44). A channel the client does not know (one added
 * after it was built) is shown by its name.
 */
export const ChannelCounts = object({
  channel: enums(CHANNELS),
  views: min(integer(), 0),
  applyClicks: min(integer(), 0),
});
export type ChannelCounts = Infer<typeof ChannelCounts>;

/** One day of a job's numbers. */
export const JobStatsDay = object({
  /** The UTC date, 'YYYY-MM-DD'. */
  day: pattern(string(), /^\d{4}-\d{2}-\d{2}$/),
  views: min(integer(), 0),
  applyClicks: min(integer(), 0),
  /**
   * Applications sent on the board that day (issue 42): present for a job that takes them there
   * or has some, absent for the others (and from an API before them).
   */
  applications: optional(min(integer(), 0)),
  /**
   * The day's views and apply clicks by channel (issue 44), in CHANNELS' order, only the channels
   * that brought any. They add up to the day's figures, but for visitors counted before channels
   * were (or by a server of an earlier release): those are in the day's figures only. Absent from
   * an API before channels.
   */
  channels: optional(array(ChannelCounts)),
});
export type JobStatsDay = Infer<typeof JobStatsDay>;

/** `GET /api/admin/jobs/:id/stats`: the last JOB_STATS_DAYS days, oldest first, zeros filled. */
export const JobStats = object({
  days: array(JobStatsDay),
  totalViews: min(integer(), 0),
  totalApplyClicks: min(integer(), 0),
  /** The days' applications, when the days have them. */
  totalApplications: optional(min(integer(), 0)),
  /** The days' views and apply clicks by channel, as each day's `channels` (present with them). */
  channels: optional(array(ChannelCounts)),
});
export type JobStats = Infer<typeof JobStats>;

/** What the chart and its table say (mfe-admin's job page, the employer's page). */
export const JOB_STATS_TEXT = {
  heading: 'Views and apply clicks',
  caption: (days: number) => `Views and apply clicks, last ${days} days (UTC)`,
  day: 'Day',
  views: 'Views',
  applyClicks: 'Apply clicks',
  applications: 'Applications',
  /** The caption of a table with the applications column. */
  captionWithApplications: (days: number) =>
    `Views, apply clicks and applications, last ${days} days (UTC)`,
  total: 'Total',
  chartLabel: (views: number, applyClicks: number, days: number) =>
    `Chart: ${views} views and ${applyClicks} apply clicks in the last ${days} days; the table below has each day.`,
  chartLabelWithApplications: (
    views: number,
    applyClicks: number,
    applications: number,
    days: number,
  ) =>
    `Chart: ${views} views, ${applyClicks} apply clicks and ${applications} applications in the last ${days} days; the table below has each day.`,
  explainer:
    'Each visitor is counted once a day per job, without cookies; known bots are not counted.',
  /** By channel (issue 44): the chart's bars split by channel, and two tables of the figures. */
  channel: 'Channel',
  byChannelCaption: (days: number) => `Views and apply clicks by channel, last ${days} days (UTC)`,
  byChannelDayCaption: (days: number) =>
    `Views and apply clicks by channel each day, last ${days} days (UTC)`,
  channelViews: (channel: string) => `${channel}: views`,
  channelApplyClicks: (channel: string) => `${channel}: apply clicks`,
  /** Visitors counted before channels were (their channel is not known). */
  notRecorded: 'Channel not recorded',
  chartByChannel:
    'Each bar is split by channel: views on the left of each day, apply clicks on the right.',
  channelExplainer:
    'A visitor counts for the channel they first came from that day: a link in the newsletter, a social post, a feed or the job list, the board itself, or directly.',
} as const;
