import { CHANNELS, JOB_STATS_TEXT, channelLabel, type JobStatsDay } from '@jobboard/contract/jobs';

/**
 * The colours of the channels in the chart (issue 44), each at least 3:1 against the page's white
 * (WCAG's non-text contrast), in hues told apart; the tables say every figure in words anyway. A
 * channel this build does not know gets the colour of the counts without one.
 */
const CHANNEL_COLORS: Record<string, string> = {
  board: '#1d4ed8',
  newsletter: '#b45309',
  bluesky: '#0e7490',
  mastodon: '#6d28d9',
  webhook: '#15803d',
  feed: '#be185d',
  list: '#b91c1c',
  direct: '#1f2937',
};
const NOT_RECORDED_COLOR = '#6b7280';

/** One part of the days' counts: a channel, or the counts made before channels were. */
export interface ChannelSeries {
  key: string;
  label: string;
  color: string;
  views: (day: JobStatsDay) => number;
  applyClicks: (day: JobStatsDay) => number;
}

/** A figure of the days, added up. */
export const sumOfDays = (days: readonly JobStatsDay[], of: (day: JobStatsDay) => number) =>
  days.reduce((total, day) => total + of(day), 0);

/**
 * The parts the days' figures split into (docs/product.md#numbers): every channel with a count in
 * the days, the contract's channels in their order, then any the API knows and this build does not,
 * then what a day counted beyond its channels (visitors counted before channels were), when any.
 * Empty when the days carry no channels (an API before them).
 */
export function channelSeries(days: readonly JobStatsDay[]): ChannelSeries[] {
  if (!days.some((day) => day.channels !== undefined)) return [];
  const named = new Set(days.flatMap((day) => (day.channels ?? []).map((c) => c.channel)));
  const order = [
    ...CHANNELS.filter((c) => named.has(c)),
    ...[...named].filter((c) => !(CHANNELS as readonly string[]).includes(c)),
  ];
  const of = (day: JobStatsDay, channel: string) =>
    day.channels?.find((c) => c.channel === channel);
  const series: ChannelSeries[] = order.map((channel) => ({
    key: channel,
    label: channelLabel(channel),
    color: CHANNEL_COLORS[channel] ?? NOT_RECORDED_COLOR,
    views: (day) => of(day, channel)?.views ?? 0,
    applyClicks: (day) => of(day, channel)?.applyClicks ?? 0,
  }));
  const rest = (day: JobStatsDay, part: 'views' | 'applyClicks') =>
    Math.max(0, day[part] - (day.channels ?? []).reduce((total, c) => total + c[part], 0));
  const notRecorded: ChannelSeries = {
    key: 'not-recorded',
    label: JOB_STATS_TEXT.notRecorded,
    color: NOT_RECORDED_COLOR,
    views: (day) => rest(day, 'views'),
    applyClicks: (day) => rest(day, 'applyClicks'),
  };
  const restCounts = sumOfDays(days, notRecorded.views) + sumOfDays(days, notRecorded.applyClicks);
  return restCounts > 0 ? [...series, notRecorded] : series;
}
