import {
  APPLY_FIELD_LABELS,
  APPLY_METHOD_LABELS,
  applyValueInWords,
} from '@jobboard/contract/applications';
import {
  submittedWithKey,
  type AdminSubmission,
  type CompanyField,
} from '@jobboard/contract/admin';
import { BILLING_MESSAGES } from '@jobboard/contract/payments';
import { SUBMISSION_STATUS_LABELS, listingTier } from '@jobboard/contract/submissions';
import { WORKPLACE_TEXTS, workplaceFromFlag, workplaceLabel } from '@jobboard/contract/jobs';
import type { StatusTone } from '@jobboard/shared-ui';
import {
  Button,
  Card,
  Cluster,
  Notice,
  Stack,
  StatusBadge,
  TextArea,
  formatCents,
  formatSalary,
  formatUsDate,
  shorten,
} from '@jobboard/shared-ui';
import { lineClamp } from '@jobboard/shared-ui/css';
import { useState } from 'react';
import styled from 'styled-components';
import { useConfirm } from '../../../lib/confirm';
import { SUBMISSION_TEXT } from '../messages';
import { AmountEditor } from './AmountEditor';
import { CompanyReview } from './CompanyReview';
import { FraudHints } from './FraudHints';
import { OfflinePaymentForm } from './OfflinePaymentForm';
import { PaymentIssues } from './PaymentIssues';

const LABELS = SUBMISSION_TEXT.details;

export interface SubmissionActions {
  /** Approve; the company on the board takes the submission's values for `updateCompany`. */
  approve(updateCompany: CompanyField[]): Promise<void>;
  /** Approve and publish at once with one of the contact's Multiples Listing credits. */
  approveWithCredit(updateCompany: CompanyField[]): Promise<void>;
  reject(notes: string): Promise<void>;
  generateLink(): Promise<void>;
  /** 'Revoke links': every pay link of the listing stops working (asked to confirm first). */
  revokeLinks(): Promise<void>;
  copyTemplate(): Promise<void>;
  updateAmount(cents: number): Promise<void>;
  /** A flagged payment has been dealt with. */
  resolvePayment(paymentId: string): Promise<void>;
  markPaid?: () => Promise<void>;
}

/** What each submission status means for the admin; any other value reads as awaiting review. */
const STATUS_TONES: Record<string, StatusTone> = {
  pending_review: 'awaitingReview',
  approved: 'awaitingPayment',
  rejected: 'rejected',
  paid: 'published',
};

export const statusTone = (status: string): StatusTone => STATUS_TONES[status] ?? 'awaitingReview';

/** The status label of docs/product.md#states-and-transitions; any other value is shown raw. */
export const statusLabel = (status: string) =>
  (SUBMISSION_STATUS_LABELS as Record<string, string>)[status] ?? status;

/**
 * What the card says of a submission's state: its status label, except for a listing live on an
 * invoice not yet paid (issue 47, "publish on approval"), stored as 'paid' (live) but not paid.
 */
export const submissionStatusText = (
  submission: Pick<AdminSubmission, 'submissionStatus' | 'unpaidInvoice'>,
) =>
  submission.unpaidInvoice
    ? BILLING_MESSAGES.liveOnUnpaidInvoice(submission.unpaidInvoice.dueOn)
    : statusLabel(submission.submissionStatus);

/** One submission with its details and the actions its status allows (docs/product.md#states-and-transitions). */
export function SubmissionCard({
  submission,
  actions,
}: {
  submission: AdminSubmission;
  actions: SubmissionActions;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [confirmingCredit, setConfirmingCredit] = useState(false);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  /** The company details approving takes from the submission: none unless the admin ticks them. */
  const [ticked, setTicked] = useState<ReadonlySet<CompanyField>>(new Set());
  const { confirm, dialog } = useConfirm();
  const status = submission.submissionStatus;
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack as={Card} aria-labelledby={`submission-${submission.id}`} data-testid="submission">
      <Head $spread>
        <h2 id={`submission-${submission.id}`}>{submission.title}</h2>
        <StatusBadge tone={submission.unpaidInvoice ? 'awaitingPayment' : statusTone(status)}>
          {submissionStatusText(submission)}
        </StatusBadge>
      </Head>
      {submission.editedAt && (
        <p role="note">
          {SUBMISSION_TEXT.editedByEmployer(formatUsDate(submission.editedAt.slice(0, 10)))}
        </p>
      )}
      {/* An integrator's listing (issue 46): which API key sent it. */}
      {submission.apiKey && <p role="note">{submittedWithKey(submission.apiKey)}</p>}
      <Details>
        <div>
          <dt>{LABELS.organization}</dt>
          <dd>{submission.organization}</dd>
        </div>
        <div>
          <dt>{LABELS.location}</dt>
          <dd>{submission.location}</dd>
        </div>
        <div>
          <dt>{WORKPLACE_TEXTS.field}</dt>
          <dd>
            {workplaceLabel(
              submission.workplaceType ?? workplaceFromFlag({ locations: [submission.location] }),
              submission.remotePlaces,
            )}
          </dd>
        </div>
        <div>
          <dt>{LABELS.category}</dt>
          <dd>{submission.category.join(', ')}</dd>
        </div>
        <div>
          <dt>{LABELS.jobType}</dt>
          <dd>{submission.jobType}</dd>
        </div>
        <div>
          <dt>{LABELS.experience}</dt>
          <dd>{submission.experienceLevel}</dd>
        </div>
        <div>
          <dt>{LABELS.salary}</dt>
          <dd>{formatSalary(submission) ?? SUBMISSION_TEXT.notGiven}</dd>
        </div>
        {submission.pay?.benefits && (
          <div>
            <dt>{LABELS.payBenefits}</dt>
            <dd>{submission.pay.benefits}</dd>
          </div>
        )}
        <div>
          <dt>{LABELS.contact}</dt>
          <dd>
            {submission.contactName} (
            <a href={`mailto:${submission.contactEmail}`}>{submission.contactEmail}</a>)
          </dd>
        </div>
        <div>
          <dt>{LABELS.listing}</dt>
          <dd>{listingTier(submission.listingType).name}</dd>
        </div>
        <div>
          <dt>{LABELS.promoCode}</dt>
          <dd>
            {submission.promoCode ?? SUBMISSION_TEXT.noPromoCode}
            {submission.promoRedemption === 'used_up' && ` (${SUBMISSION_TEXT.promoUsedUp})`}
          </dd>
        </div>
        <div>
          <dt>{LABELS.submitted}</dt>
          <dd>{formatUsDate(submission.submittedAt.slice(0, 10))}</dd>
        </div>
        <div>
          <dt>{LABELS.amount}</dt>
          <dd>{formatCents(submission.amount)}</dd>
        </div>
        <div>
          <dt>{LABELS.applicationUrl}</dt>
          <dd>
            <a
              href={submission.applicationUrl}
              target="_blank"
              rel="noopener noreferrer"
              title={submission.applicationUrl}
            >
              {shorten(submission.applicationUrl, 50)}
            </a>
          </dd>
        </div>
        {/* How candidates apply (issue 42): the relayed address is the admins' to see. */}
        <div>
          <dt>{APPLY_FIELD_LABELS.method}</dt>
          <dd>
            {APPLY_METHOD_LABELS[submission.applyMethod ?? 'link']}
            {submission.applyMethod === 'email' && submission.applicationEmail && (
              <>: {submission.applicationEmail}</>
            )}
            {submission.screeningQuestions?.length ? (
              <>
                {' '}
                (
                {applyValueInWords(
                  'screeningQuestions',
                  JSON.stringify(submission.screeningQuestions),
                )}
                )
              </>
            ) : null}
          </dd>
        </div>
      </Details>
      <Description>{submission.description}</Description>
      <FraudHints hints={submission.fraudHints} />
      <CompanyReview
        organization={submission.organization}
        company={submission.company}
        ticked={status === 'pending_review' ? ticked : null}
        onTick={(field, on) =>
          setTicked((current) => {
            const next = new Set(current);
            if (on) next.add(field);
            else next.delete(field);
            return next;
          })
        }
      />
      {submission.reviewNotes && <p>{SUBMISSION_TEXT.reasonGiven(submission.reviewNotes)}</p>}
      {status === 'approved' && (
        <PaymentLinkState
          expiresAt={submission.paymentLinkExpiresAt}
          live={submission.livePaymentLinks}
        />
      )}
      <PaymentIssues
        issues={submission.paymentIssues}
        busy={busy}
        onResolve={(paymentId) => run(() => actions.resolvePayment(paymentId))()}
      />
      <AmountEditor
        cents={submission.amount}
        disabled={status === 'paid'}
        onSave={actions.updateAmount}
      />
      <Cluster>
        {status === 'pending_review' && (
          <>
            <Button disabled={busy} onClick={run(() => actions.approve([...ticked]))}>
              {SUBMISSION_TEXT.approve}
            </Button>
            {submission.listingCredits > 0 && submission.creditRequested && (
              <Button
                $variant="secondary"
                disabled={busy}
                onClick={() => setConfirmingCredit((open) => !open)}
                aria-expanded={confirmingCredit}
              >
                {SUBMISSION_TEXT.creditOffer(submission.listingCredits)}
              </Button>
            )}
            <Button
              $variant="danger"
              disabled={busy}
              onClick={() => setRejecting((open) => !open)}
              aria-expanded={rejecting}
            >
              {SUBMISSION_TEXT.reject}
            </Button>
          </>
        )}
        {status === 'approved' && (
          <>
            <Button disabled={busy} onClick={run(actions.generateLink)}>
              {SUBMISSION_TEXT.generateLink}
            </Button>
            {submission.livePaymentLinks > 0 && (
              <Button
                $variant="danger"
                disabled={busy}
                onClick={async () => {
                  const yes = await confirm({
                    ...SUBMISSION_TEXT.revokeConfirm(submission.livePaymentLinks),
                    danger: true,
                  });
                  if (yes) await run(actions.revokeLinks)();
                }}
              >
                {SUBMISSION_TEXT.revokeLinks}
              </Button>
            )}
            {actions.markPaid && (
              <Button $variant="secondary" disabled={busy} onClick={run(actions.markPaid)}>
                {SUBMISSION_TEXT.markPaid}
              </Button>
            )}
            <OfflinePaymentForm submissionId={submission.id} amountCents={submission.amount} />
          </>
        )}
        {/* Live on an unpaid invoice: a check or a transfer that came instead settles it. */}
        {status === 'paid' && submission.unpaidInvoice && (
          <OfflinePaymentForm submissionId={submission.id} amountCents={submission.amount} />
        )}
        {(status === 'pending_review' || status === 'approved') && (
          <Button $variant="secondary" disabled={busy} onClick={run(actions.copyTemplate)}>
            {SUBMISSION_TEXT.copyTemplate}
          </Button>
        )}
      </Cluster>
      {status === 'pending_review' &&
        submission.listingCredits > 0 &&
        !submission.creditRequested && (
          <p>{SUBMISSION_TEXT.creditNotAsked(submission.listingCredits)}</p>
        )}
      {confirmingCredit && status === 'pending_review' && (
        <ConfirmBox role="group" aria-label={SUBMISSION_TEXT.creditGroup}>
          <p>{SUBMISSION_TEXT.creditConfirm(submission.listingCredits, submission.contactEmail)}</p>
          <Cluster>
            <Button
              disabled={busy}
              onClick={run(async () => {
                await actions.approveWithCredit([...ticked]);
                setConfirmingCredit(false);
              })}
            >
              {SUBMISSION_TEXT.creditConfirmButton}
            </Button>
            <Button $variant="secondary" onClick={() => setConfirmingCredit(false)}>
              {SUBMISSION_TEXT.cancel}
            </Button>
          </Cluster>
        </ConfirmBox>
      )}
      {rejecting && (
        <RejectBox $gap="sm">
          <TextArea
            label={SUBMISSION_TEXT.rejectReason}
            rows={3}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
          <Button
            $variant="danger"
            disabled={busy}
            onClick={run(async () => {
              await actions.reject(notes);
              setRejecting(false);
            })}
          >
            {SUBMISSION_TEXT.confirmReject}
          </Button>
        </RejectBox>
      )}
      {dialog}
    </Stack>
  );
}

/**
 * Until when the employer's pay link works, and how many links do (several may: a new link
 * leaves the earlier ones working). Once they have ended or were revoked, the admin issues a new
 * one.
 */
function PaymentLinkState({ expiresAt, live }: { expiresAt: string | null; live: number }) {
  if (!expiresAt) {
    return (
      <Notice $tone="danger" role="status">
        <p>{SUBMISSION_TEXT.noLiveLink}</p>
      </Notice>
    );
  }
  const day = formatUsDate(expiresAt.slice(0, 10));
  if (live === 0) {
    return (
      <Notice $tone="danger" role="status">
        <p>{SUBMISSION_TEXT.linkExpired(day)}</p>
      </Notice>
    );
  }
  return (
    <Muted>
      {SUBMISSION_TEXT.linkValidUntil(day)}
      {live > 1 && <> ({SUBMISSION_TEXT.liveLinks(live)})</>}
    </Muted>
  );
}

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Head = styled(Cluster)`
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  dt {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    word-break: break-word;
  }
`;

/** Clamped to 3 lines (docs/product.md#constants-and-limits). */
const Description = styled.p`
  margin: 0;
  ${lineClamp(3)}
`;

const ConfirmBox = styled(Notice)`
  flex-direction: column;
  align-items: flex-start;
`;

const RejectBox = styled(Stack)`
  align-items: flex-start;
`;
