import {
  ADMIN_SUBMISSIONS_DEFAULTS,
  AdminSubmissionsQuery,
  type AdminSubmissionSort,
  type AdminSubmissionsQuery as QueueView,
} from '@jobboard/contract/admin';
import { SUBMISSION_STATUS_LABELS } from '@jobboard/contract/submissions';
import { Button, Notice, Select, Stack } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { BillingSettings } from '../../features/billing/components/BillingSettings';
import { submissionsCsvHref } from '../../features/submissions/api/export-submissions';
import { useSubmissions } from '../../features/submissions/api/submissions';
import { SubmissionItem } from '../../features/submissions/components/SubmissionItem';
import { SUBMISSION_TEXT } from '../../features/submissions/messages';
import { ListResults } from '../../lib/ListResults';
import { ListFilters } from '../../lib/ListSearch';
import { useListView } from '../../lib/list-view';
import { PageHeader } from '../../lib/ui';

type SortChoice = keyof typeof SUBMISSION_TEXT.sorts;

/**
 * /admin/submissions: the review queue, one page at a time, searched, filtered and sorted by the
 * API, the view in the address; the page on screen is polled every 30 seconds.
 */
export default function SubmissionsPage() {
  const { view, update, goToPage } = useListView<QueueView>(
    AdminSubmissionsQuery,
    ADMIN_SUBMISSIONS_DEFAULTS,
  );
  const queue = useSubmissions(view);
  // `?? 0`: this remote may be deployed before an API that counts flagged payments.
  const flagged = queue.data?.flaggedPayments ?? 0;
  const filtered = Boolean(view.q || view.status);

  const sortChoice = `${view.sort ?? 'submitted'}-${view.dir ?? 'desc'}` as SortChoice;

  return (
    <>
      <PageHeader>
        <div>
          <h1>{SUBMISSION_TEXT.title}</h1>
          <p>{SUBMISSION_TEXT.subtitle}</p>
        </div>
        <Button as="a" $variant="secondary" $size="sm" href={submissionsCsvHref(view)} download>
          {SUBMISSION_TEXT.exportCsv}
        </Button>
      </PageHeader>
      {flagged > 0 && (
        <Attention $tone="danger" role="alert">
          <p>{SUBMISSION_TEXT.attention(flagged)}</p>
        </Attention>
      )}
      <Filters
        id="submissions-search"
        texts={SUBMISSION_TEXT}
        query={view.q}
        onSearch={(q) => update({ q })}
      >
        <Select
          label={SUBMISSION_TEXT.status}
          value={view.status ?? ''}
          onChange={(event) =>
            update({ status: (event.target.value || undefined) as QueueView['status'] })
          }
          options={[
            { value: '', label: SUBMISSION_TEXT.anyStatus },
            ...Object.entries(SUBMISSION_STATUS_LABELS).map(([value, label]) => ({
              value,
              label,
            })),
          ]}
        />
        <Select
          label={SUBMISSION_TEXT.sort}
          value={sortChoice}
          onChange={(event) => {
            const [sort, dir] = event.target.value.split('-') as [
              AdminSubmissionSort,
              'asc' | 'desc',
            ];
            update({ sort, dir });
          }}
          options={Object.entries(SUBMISSION_TEXT.sorts).map(([value, label]) => ({
            value,
            label,
          }))}
        />
      </Filters>
      <ListResults
        answer={queue}
        rows={(page) => page.submissions}
        texts={{
          ...SUBMISSION_TEXT,
          empty: filtered ? SUBMISSION_TEXT.noMatches : SUBMISSION_TEXT.empty,
        }}
        page={view.page}
        onPageChange={goToPage}
      >
        {(submissions, page) => (
          <>
            <p aria-live="polite">{SUBMISSION_TEXT.count(page.total)}</p>
            <Stack $gap="lg">
              {submissions.map((submission) => (
                <SubmissionItem key={submission.id} submission={submission} />
              ))}
            </Stack>
          </>
        )}
      </ListResults>
      <BillingSettings />
    </>
  );
}

const Attention = styled(Notice)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Filters = styled(ListFilters)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;
