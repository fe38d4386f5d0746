import type { AdminSubmission } from '@jobboard/contract';
import { toast } from '@jobboard/shared-ui';
import { useApproveSubmission } from '../api/approve-submission';
import { useGeneratePaymentLink } from '../api/generate-payment-link';
import { useMarkPaid } from '../api/mark-paid';
import { usePaymentsStatus } from '../api/payments-status';
import { useRejectSubmission } from '../api/reject-submission';
import { useResolvePaymentIssue } from '../api/resolve-payment-issue';
import { useUpdateAmount } from '../api/update-amount';
import type { SubmissionActions } from '../components/SubmissionCard';
import { SUBMISSION_TEXT } from '../messages';
import { toastFailure } from '../../../lib/toast-failure';

type Success = { title: string; description?: string };
type Failure = { title: string; fallback: string };

/** Runs one action with the toast of its outcome (SPEC.md 8). */
async function attempt(action: () => Promise<unknown>, success: Success, failure: Failure) {
  try {
    await action();
    toast({ ...success, variant: 'success' });
  } catch (problem) {
    toastFailure(failure.title, problem, failure.fallback);
  }
}

/**
 * What the admin can do with one submission of the review queue, each with its toasts. Every
 * endpoint's hook fetches the queue again after its call, whatever the outcome.
 */
export function useSubmissionActions(submission: AdminSubmission): SubmissionActions {
  const { id } = submission;
  const { data: payments } = usePaymentsStatus();
  const { trigger: approve } = useApproveSubmission();
  const { trigger: reject } = useRejectSubmission();
  const { trigger: generateLink } = useGeneratePaymentLink();
  const { trigger: updateAmount } = useUpdateAmount();
  const { trigger: resolvePayment } = useResolvePaymentIssue();
  const { trigger: markPaid } = useMarkPaid();

  const approveWith = async (useCredit: boolean) => {
    try {
      const result = await approve({ id, useCredit });
      toast({
        ...(result.publishedWithCredit
          ? SUBMISSION_TEXT.approvedWithCredit
          : SUBMISSION_TEXT.approved),
        variant: 'success',
      });
    } catch (problem) {
      toastFailure(
        SUBMISSION_TEXT.approvalFailed.title,
        problem,
        SUBMISSION_TEXT.approvalFailed.fallback,
      );
    }
  };

  return {
    approve: () => approveWith(false),
    approveWithCredit: () => approveWith(true),
    reject: (notes) =>
      attempt(
        () => reject({ id, notes }),
        SUBMISSION_TEXT.rejected,
        SUBMISSION_TEXT.rejectionFailed,
      ),
    generateLink: () =>
      attempt(
        async () => {
          const { paymentUrl } = await generateLink(id);
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
              ? (await generateLink(id)).approvalEmail
              : submission.approvalEmail;
          if (!text) throw new Error(SUBMISSION_TEXT.noApprovalEmail);
          await navigator.clipboard.writeText(text);
        },
        submission.submissionStatus === 'approved'
          ? SUBMISSION_TEXT.templateCopiedWithLink
          : SUBMISSION_TEXT.templateCopied,
        SUBMISSION_TEXT.copyFailed,
      ),
    updateAmount: (cents) =>
      attempt(
        () => updateAmount({ id, cents }),
        SUBMISSION_TEXT.amountUpdated,
        SUBMISSION_TEXT.updateFailed,
      ),
    resolvePayment: (paymentId) =>
      attempt(
        () => resolvePayment({ id, paymentId }),
        SUBMISSION_TEXT.issueResolved,
        SUBMISSION_TEXT.resolveFailed,
      ),
    ...(payments && !payments.stripeConfigured
      ? {
          markPaid: () =>
            attempt(() => markPaid(id), SUBMISSION_TEXT.markedPaid, SUBMISSION_TEXT.markPaidFailed),
        }
      : {}),
  };
}
