import { JOB_STATS_TEXT } from '@jobboard/contract/jobs';
import { Card, DailyStatsChart, Spinner, errorMessage } from '@jobboard/shared-ui';
import { useJobStats } from '../api/job-stats';
import { JOB_MESSAGES } from '../messages';

/**
 * The job's views and apply clicks over the last 30 days (docs/product.md#numbers):
 * the shared chart with its table, on the admin's job page; by channel (issue 44) when the API
 * gives them.
 */
export function JobStatsSection({ id }: { id: string }) {
  const { data, error } = useJobStats(id);
  return (
    <Card as="section" aria-labelledby="job-stats" style={{ marginTop: '1.5rem' }}>
      <h2 id="job-stats">{JOB_STATS_TEXT.heading}</h2>
      <p>
        {JOB_STATS_TEXT.explainer}
        {data?.channels && ` ${JOB_STATS_TEXT.channelExplainer}`}
      </p>
      {error ? (
        <p role="alert">{errorMessage(error, JOB_MESSAGES.statsFailed)}</p>
      ) : !data ? (
        <Spinner label={JOB_STATS_TEXT.heading} />
      ) : (
        <DailyStatsChart days={data.days} />
      )}
    </Card>
  );
}
