import type { AdminSubmission, CompanyField } from '@jobboard/contract/admin';
import { toast } from '@jobboard/shared-ui';
import { useApproveSubmission } from '../api/approve-submission';
import { useGeneratePaymentLink } from '../api/generate-payment-link';
import { useMarkPaid } from '../api/mark-paid';
import { usePaymentsStatus } from '../api/payments-status';
import { useRejectSubmission } from '../api/reject-submission';
import { useResolvePaymentIssue } from '../api/resolve-payment-issue';
import { useRevokePaymentLinks } from '../api/revoke-payment-links';
import { useUpdateAmount } from '../api/update-amount';
import type { SubmissionActions } from '../components/SubmissionCard';
import { SUBMISSION_TEXT } from '../messages';
import { toastFailure } from '../../../lib/toast-failure';

type Success = { title: string; description?: string };
type Failure = { title: string; fallback: string };

/**
 * Runs one action with the toast of its outcome (docs/product.md#errors); `success` may be worked out from
 * what the action answered.
 */
async function attempt<T>(
  action: () => Promise<T>,
  success: Success | ((result: T) => Success),
  failure: Failure,
) {
  try {
    const result = await action();
    toast({ ...(typeof success === 'function' ? success(result) : success), variant: 'success' });
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
  const { trigger: revokeLinks } = useRevokePaymentLinks();
  const { trigger: updateAmount } = useUpdateAmount();
  const { trigger: resolvePayment } = useResolvePaymentIssue();
  const { trigger: markPaid } = useMarkPaid();

  const approveWith = async (useCredit: boolean, updateCompany: CompanyField[]) => {
    try {
      const result = await approve({
        id,
        editedAt: submission.editedAt ?? null,
        useCredit,
        updateCompany,
      });
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
    approve: (updateCompany) => approveWith(false, updateCompany),
    approveWithCredit: (updateCompany) => approveWith(true, updateCompany),
    reject: (notes) =>
      attempt(
        () => reject({ id, notes }),
        SUBMISSION_TEXT.rejected,
        SUBMISSION_TEXT.rejectionFailed,
      ),
    generateLink: () =>
      attempt(
        async () => {
          const link = await generateLink(id);
          await navigator.clipboard.writeText(link.paymentUrl);
          return link.earlierLinksValid;
        },
        SUBMISSION_TEXT.linkGenerated,
        SUBMISSION_TEXT.linkFailed,
      ),
    copyTemplate: () =>
      attempt(
        async () => {
          // The API writes the text (the e-mail it sends). An approved submission's copy
          // carries a new pay link: a link is kept only as a hash, so the one e-mailed cannot
          // be shown again (it keeps working beside the new one).
          if (submission.submissionStatus === 'approved') {
            const link = await generateLink(id);
            await navigator.clipboard.writeText(link.approvalEmail);
            return SUBMISSION_TEXT.templateCopiedWithLink(link.earlierLinksValid);
          }
          if (!submission.approvalEmail) throw new Error(SUBMISSION_TEXT.noApprovalEmail);
          await navigator.clipboard.writeText(submission.approvalEmail);
          return SUBMISSION_TEXT.templateCopied;
        },
        (copied) => copied,
        SUBMISSION_TEXT.copyFailed,
      ),
    revokeLinks: () =>
      attempt(
        async () => (await revokeLinks(id)).revoked,
        SUBMISSION_TEXT.linksRevoked,
        SUBMISSION_TEXT.revokeFailed,
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
