import type { SubmissionForm, SubmissionReceived } from '@jobboard/contract/submissions';
import { Card, Spinner, Stack, errorMessage, toast } from '@jobboard/shared-ui';
import type { ReactNode } from 'react';
import { EMPLOYER_MESSAGES } from '@jobboard/contract/employer';
import { Link, useNavigate } from '@jobboard/shared-ui/router';
import { editSubmission, useSubmissionForm } from '../api/employer';
import { EMPLOYER_TEXT } from '../messages';

/** What the page hands the submission form (src/app composes it: features stay apart). */
export interface EditFormProps {
  initial: SubmissionForm;
  label: string;
  send(values: SubmissionForm): Promise<SubmissionReceived>;
  onSubmitted(): void;
}

/**
 * /employer/submissions/:id/edit: the submission form (the same fields and checks as submitting)
 * filled with the stored submission; saved, it returns to the review queue marked 'edited'.
 */
export function EditSubmission({
  id,
  form,
}: {
  id: string;
  form(props: EditFormProps): ReactNode;
}) {
  const { data, error, isLoading } = useSubmissionForm(id);
  const navigate = useNavigate();
  if (isLoading) return <Spinner label={EMPLOYER_TEXT.editTitle} />;
  if (error || !data) {
    return (
      <Card role="alert">
        <p>{errorMessage(error, EMPLOYER_TEXT.loadFailed)}</p>
        <Link to="/employer/listings">{EMPLOYER_TEXT.backToListings}</Link>
      </Card>
    );
  }
  return (
    <Stack $gap="lg">
      <h1>{EMPLOYER_TEXT.editTitle}</h1>
      <p>{EMPLOYER_TEXT.editIntro}</p>
      <Link to="/employer/listings">{EMPLOYER_TEXT.backToListings}</Link>
      {form({
        initial: data,
        label: EMPLOYER_TEXT.editTitle,
        send: async (values) => {
          const listing = await editSubmission(id, values);
          return { id: listing.submissionId, status: listing.status };
        },
        onSubmitted: () => {
          toast({ title: EMPLOYER_MESSAGES.edited, variant: 'success' });
          navigate('/employer/listings');
        },
      })}
    </Stack>
  );
}
