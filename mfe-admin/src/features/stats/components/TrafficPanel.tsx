import { JOB_STATS_TEXT, type JobStats } from '@jobboard/contract/jobs';
import { DailyStatsChart } from '@jobboard/shared-ui';
import { STATS_TEXT } from '../messages';

/**
 * The whole board's views and apply clicks of the last 30 days, each day by channel (issue 44,
 * docs/product.md#numbers): the same chart and tables as a job's, over every job. None from an
 * API before channels.
 */
export function TrafficPanel({ stats }: { stats: JobStats | undefined }) {
  if (!stats) return null;
  return (
    <section aria-labelledby="traffic-heading">
      <h3 id="traffic-heading">{STATS_TEXT.trafficHeading}</h3>
      <p>
        {STATS_TEXT.trafficSummary(stats.totalViews, stats.totalApplyClicks)}{' '}
        {JOB_STATS_TEXT.channelExplainer}
      </p>
      <DailyStatsChart days={stats.days} />
    </section>
  );
}
