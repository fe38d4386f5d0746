import { Notice, Spinner, Stack, errorMessage } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { useSubmissions } from '../../features/submissions/api/submissions';
import { SubmissionItem } from '../../features/submissions/components/SubmissionItem';
import { SUBMISSION_TEXT } from '../../features/submissions/messages';
import { PageHeader } from '../../lib/ui';

/** /admin/submissions: the review queue, polled every 30 seconds. */
export default function SubmissionsPage() {
  const { data: submissions, error, isLoading } = useSubmissions();
  // `?.`: this remote may be deployed before an API that lists payment issues.
  const flagged = (submissions ?? []).reduce((sum, s) => sum + (s.paymentIssues?.length ?? 0), 0);

  return (
    <>
      <PageHeader>
        <div>
          <h1>{SUBMISSION_TEXT.title}</h1>
          <p>{SUBMISSION_TEXT.subtitle}</p>
        </div>
      </PageHeader>
      {flagged > 0 && (
        <Attention $tone="danger" role="alert">
          <p>{SUBMISSION_TEXT.attention(flagged)}</p>
        </Attention>
      )}
      {isLoading ? (
        <Spinner label={SUBMISSION_TEXT.loading} />
      ) : error ? (
        <p role="alert">{errorMessage(error, SUBMISSION_TEXT.loadFailed)}</p>
      ) : !submissions?.length ? (
        <p>{SUBMISSION_TEXT.empty}</p>
      ) : (
        <Stack $gap="lg">
          {submissions.map((submission) => (
            <SubmissionItem key={submission.id} submission={submission} />
          ))}
        </Stack>
      )}
    </>
  );
}

const Attention = styled(Notice)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;
