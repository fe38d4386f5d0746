import { REPORT_QUEUE_TEXTS } from '@jobboard/contract/jobs';
import { EmptyState, Spinner, Stack, errorMessage } from '@jobboard/shared-ui';
import { useReportQueue } from '../../features/reports/api/reports';
import { ReportedListingCard } from '../../features/reports/components/ReportedListingCard';
import { ThresholdSetting } from '../../features/reports/components/ThresholdSetting';
import { PageHeader } from '../../lib/ui';

/**
 * /admin/reports (issue 45, docs/product.md#admin-reports): the listings visitors reported, most
 * reports first, then those hidden after reports; the threshold that hides a listing by itself.
 */
export default function ReportsPage() {
  const { data, error, isLoading, mutate } = useReportQueue();
  return (
    <Stack $gap="lg">
      <PageHeader>
        <div>
          <h1>{REPORT_QUEUE_TEXTS.title}</h1>
          <p>{REPORT_QUEUE_TEXTS.subtitle}</p>
        </div>
      </PageHeader>
      {isLoading ? (
        <Spinner label={REPORT_QUEUE_TEXTS.title} />
      ) : error || !data ? (
        <p role="alert">{errorMessage(error, REPORT_QUEUE_TEXTS.loadFailed)}</p>
      ) : (
        <>
          <ThresholdSetting threshold={data.threshold} onSaved={() => void mutate()} />
          {data.listings.length === 0 ? (
            <EmptyState>
              <p>{REPORT_QUEUE_TEXTS.empty}</p>
            </EmptyState>
          ) : (
            data.listings.map((listing) => (
              <ReportedListingCard
                key={listing.jobId}
                listing={listing}
                onDecided={() => void mutate()}
              />
            ))
          )}
        </>
      )}
    </Stack>
  );
}
