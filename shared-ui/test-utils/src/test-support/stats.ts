import { CHANNELS, type Channel, type JobStats, type JobStatsDay } from '@jobboard/contract/jobs';

/**
 * A day of the numbers by channel (issue 44), as the API answers it: `channels` as [views, apply
 * clicks] each, in the order given; the day's figures their sums, plus `beforeChannels` (visitors
 * counted before channels were, in the day's figures only).
 */
export function statsDay(
  day: string,
  channels: Partial<Record<Channel, [views: number, applyClicks: number]>>,
  beforeChannels: { views?: number; applyClicks?: number } = {},
): JobStatsDay {
  const list = Object.entries(channels).map(([channel, [views, applyClicks]]) => ({
    channel: channel as Channel,
    views,
    applyClicks,
  }));
  return {
    day,
    views: list.reduce((sum, c) => sum + c.views, beforeChannels.views ?? 0),
    applyClicks: list.reduce((sum, c) => sum + c.applyClicks, beforeChannels.applyClicks ?? 0),
    channels: list,
  };
}

/** A table's rows as the text of each cell, header row first: what a reader finds in it. */
export function cellsOf(table: HTMLElement): (string | null)[][] {
  return [...table.querySelectorAll('tr')].map((row) =>
    [...row.children].map((cell) => cell.textContent),
  );
}

/** Days as the API answers them for a job (JobStats): the days, their totals, each channel's. */
export function jobStatsOf(days: JobStatsDay[]): JobStats {
  const channels = new Map<Channel, { views: number; applyClicks: number }>();
  for (const day of days) {
    for (const c of day.channels ?? []) {
      const sum = channels.get(c.channel) ?? { views: 0, applyClicks: 0 };
      channels.set(c.channel, {
        views: sum.views + c.views,
        applyClicks: sum.applyClicks + c.applyClicks,
      });
    }
  }
  return {
    days,
    totalViews: days.reduce((sum, d) => sum + d.views, 0),
    totalApplyClicks: days.reduce((sum, d) => sum + d.applyClicks, 0),
    channels: CHANNELS.flatMap((channel) => {
      const sum = channels.get(channel);
      return sum ? [{ channel, ...sum }] : [];
    }),
  };
}
