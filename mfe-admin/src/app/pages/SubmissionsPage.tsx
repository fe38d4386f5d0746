import type { AdminSubmission } from '@jobboard/contract';
import { Notice, Spinner, errorMessage, toast } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { usePaymentsStatus } from '../../features/submissions/api/payments-status';
import {
  approveSubmission,
  generatePaymentLink,
  markPaid,
  rejectSubmission,
  resolvePaymentIssue,
  updateAmount,
} from '../../features/submissions/api/review';
import { useSubmissions } from '../../features/submissions/api/submissions';
import {
  SubmissionCard,
  type SubmissionActions,
} from '../../features/submissions/components/SubmissionCard';
import { SUBMISSION_TEXT } from '../../features/submissions/messages';
import { PageHeader } from '../../lib/ui';

/** /admin/submissions: the review queue, polled every 30 seconds. */
export default function SubmissionsPage() {
  const { data: submissions, error, isLoading, mutate } = useSubmissions();
  const { data: payments } = usePaymentsStatus();
  // `?.`: this remote may be deployed before an API that lists payment issues.
  const flagged = (submissions ?? []).reduce((sum, s) => sum + (s.paymentIssues?.length ?? 0), 0);

  const actionsFor = (submission: AdminSubmission): SubmissionActions => {
    const attempt = async (
      action: () => Promise<unknown>,
      success: { title: string; description?: string },
      failure: { title: string; fallback: string },
    ) => {
      try {
        await action();
        toast({ ...success, variant: 'success' });
      } catch (problem) {
        toast({
          title: failure.title,
          description: errorMessage(problem, failure.fallback),
          variant: 'destructive',
        });
      } finally {
        await mutate();
      }
    };
    const approve = async (useCredit: boolean) => {
      try {
        const result = await approveSubmission(submission.id, useCredit);
        toast({
          ...(result.publishedWithCredit
            ? SUBMISSION_TEXT.approvedWithCredit
            : SUBMISSION_TEXT.approved),
          variant: 'success',
        });
      } catch (problem) {
        toast({
          title: SUBMISSION_TEXT.approvalFailed.title,
          description: errorMessage(problem, SUBMISSION_TEXT.approvalFailed.fallback),
          variant: 'destructive',
        });
      } finally {
        await mutate();
      }
    };
    return {
      approve: () => approve(false),
      approveWithCredit: () => approve(true),
      reject: (notes) =>
        attempt(
          () => rejectSubmission(submission.id, notes),
          SUBMISSION_TEXT.rejected,
          SUBMISSION_TEXT.rejectionFailed,
        ),
      generateLink: () =>
        attempt(
          async () => {
            const { paymentUrl } = await generatePaymentLink(submission.id);
            await navigator.clipboard.writeText(paymentUrl);
          },
          SUBMISSION_TEXT.linkGenerated,
          SUBMISSION_TEXT.linkFailed,
        ),
      copyTemplate: () =>
        attempt(
          async () => {
            // The API writes the text (the e-mail it sends). An approved submission's copy
            // carries a new pay link: a link is kept only as a hash, so the one e-mailed cannot
            // be shown again.
            const text =
              submission.submissionStatus === 'approved'
                ? (await generatePaymentLink(submission.id)).approvalEmail
                : submission.approvalEmail;
            if (!text) throw new Error('This submission has no approval e-mail to copy.');
            await navigator.clipboard.writeText(text);
          },
          submission.submissionStatus === 'approved'
            ? SUBMISSION_TEXT.templateCopiedWithLink
            : SUBMISSION_TEXT.templateCopied,
          { title: 'Copy Failed', fallback: 'The template could not be copied.' },
        ),
      updateAmount: (cents) =>
        attempt(
          () => updateAmount(submission.id, cents),
          SUBMISSION_TEXT.amountUpdated,
          SUBMISSION_TEXT.updateFailed,
        ),
      resolvePayment: (paymentId) =>
        attempt(
          () => resolvePaymentIssue(submission.id, paymentId),
          SUBMISSION_TEXT.issueResolved,
          SUBMISSION_TEXT.resolveFailed,
        ),
      ...(payments && !payments.stripeConfigured
        ? {
            markPaid: () =>
              attempt(
                () => markPaid(submission.id),
                SUBMISSION_TEXT.markedPaid,
                SUBMISSION_TEXT.markPaidFailed,
              ),
          }
        : {}),
    };
  };

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
        <Spinner label="Loading submissions..." />
      ) : error ? (
        <p role="alert">{errorMessage(error, 'The submissions could not be loaded.')}</p>
      ) : !submissions?.length ? (
        <p>{SUBMISSION_TEXT.empty}</p>
      ) : (
        <List>
          {submissions.map((submission) => (
            <SubmissionCard
              key={submission.id}
              submission={submission}
              actions={actionsFor(submission)}
            />
          ))}
        </List>
      )}
    </>
  );
}

const Attention = styled(Notice)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;
