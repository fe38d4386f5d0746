import type { AdminSubmission } from '@jobboard/contract/admin';
import { useSubmissionActions } from '../hooks/use-submission-actions';
import { SubmissionCard } from './SubmissionCard';
import { SubmissionHistory } from './SubmissionHistory';

/** One submission of the review queue with its actions wired to the API. */
export function SubmissionItem({ submission }: { submission: AdminSubmission }) {
  return (
    <div>
      <SubmissionCard submission={submission} actions={useSubmissionActions(submission)} />
      <SubmissionHistory id={submission.id} />
    </div>
  );
}
