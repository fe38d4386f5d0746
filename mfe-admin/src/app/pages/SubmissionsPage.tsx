import {
  ADMIN_SUBMISSIONS_DEFAULTS,
  AdminSubmissionsQuery,
  type AdminSubmissionSort,
  type AdminSubmissionsQuery as QueueView,
} from '@jobboard/contract/admin';
import { SUBMISSION_STATUS_LABELS } from '@jobboard/contract/submissions';
import {
  Button,
  Cluster,
  Notice,
  Pagination,
  Select,
  Spinner,
  Stack,
  errorMessage,
} from '@jobboard/shared-ui';
import styled from 'styled-components';
import { submissionsCsvHref } from '../../features/submissions/api/export-submissions';
import { useSubmissions } from '../../features/submissions/api/submissions';
import { SubmissionItem } from '../../features/submissions/components/SubmissionItem';
import { SUBMISSION_TEXT } from '../../features/submissions/messages';
import { ListSearch } from '../../lib/ListSearch';
import { useListView } from '../../lib/list-view';
import { PageHeader } from '../../lib/ui';

type SortChoice = keyof typeof SUBMISSION_TEXT.sorts;

/**
 * /admin/submissions: the review queue, one page at a time, searched, filtered and sorted by the
 * API, the view in the address; the page on screen is polled every 30 seconds.
 */
export default function SubmissionsPage() {
  const { view, update } = useListView<QueueView>(
    AdminSubmissionsQuery,
    ADMIN_SUBMISSIONS_DEFAULTS,
  );
  const { data, error, isLoading } = useSubmissions(view);
  const submissions = data?.submissions;
  // `?? 0`: this remote may be deployed before an API that counts flagged payments.
  const flagged = data?.flaggedPayments ?? 0;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
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
      <Filters role="search" aria-label={SUBMISSION_TEXT.search}>
        <Cluster $gap="sm">
          <ListSearch
            key={view.q ?? ''}
            id="submissions-search"
            label={SUBMISSION_TEXT.search}
            hint={SUBMISSION_TEXT.searchHint}
            submitLabel={SUBMISSION_TEXT.searchButton}
            query={view.q}
            onSearch={(q) => update({ q })}
          />
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
        </Cluster>
      </Filters>
      {isLoading && !data ? (
        <Spinner label={SUBMISSION_TEXT.loading} />
      ) : error ? (
        <p role="alert">{errorMessage(error, SUBMISSION_TEXT.loadFailed)}</p>
      ) : !submissions?.length ? (
        <p>{filtered ? SUBMISSION_TEXT.noMatches : SUBMISSION_TEXT.empty}</p>
      ) : (
        <>
          <p aria-live="polite">{SUBMISSION_TEXT.count(data?.total ?? 0)}</p>
          <Stack $gap="lg">
            {submissions.map((submission) => (
              <SubmissionItem key={submission.id} submission={submission} />
            ))}
          </Stack>
          <Pagination
            page={view.page}
            pageCount={pageCount}
            onPageChange={(page) => update({ page }, { keepPage: true })}
          />
        </>
      )}
    </>
  );
}

const Attention = styled(Notice)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Filters = styled.div`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;
