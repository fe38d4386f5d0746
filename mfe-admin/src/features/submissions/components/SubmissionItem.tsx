import type { AdminSubmission } from '@jobboard/contract';
import { useSubmissionActions } from '../hooks/use-submission-actions';
import { SubmissionCard } from './SubmissionCard';

/** One submission of the review queue with its actions wired to the API. */
export function SubmissionItem({ submission }: { submission: AdminSubmission }) {
  return <SubmissionCard submission={submission} actions={useSubmissionActions(submission)} />;
}
