import { JOB_STATS_TEXT } from '@jobboard/contract/jobs';
import { Card, DailyStatsChart, Spinner, errorMessage } from '@jobboard/shared-ui';
import { useJobStats } from '../api/job-stats';
import { JOB_MESSAGES } from '../messages';

/**
 * The job's views and apply clicks over the last 30 days (docs/product.md#numbers):
 * the shared chart with its table, on the admin's job page.
 */
export function JobStatsSection({ id }: { id: string }) {
  const { data, error } = useJobStats(id);
  return (
    <Card as="section" aria-labelledby="job-stats" style={{ marginTop: '1.5rem' }}>
      <h2 id="job-stats">{JOB_STATS_TEXT.heading}</h2>
      <p>{JOB_STATS_TEXT.explainer}</p>
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
