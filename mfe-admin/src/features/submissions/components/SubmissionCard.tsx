import { SUBMISSION_STATUS_LABELS, type AdminSubmission } from '@jobboard/contract';
import type { StatusTone } from '@jobboard/shared-ui';
import {
  Button,
  Card,
  Notice,
  StatusBadge,
  TextArea,
  formatCents,
  formatSalary,
  formatUsDate,
  shorten,
} from '@jobboard/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { SUBMISSION_TEXT } from '../messages';
import { AmountEditor } from './AmountEditor';
import { PaymentIssues } from './PaymentIssues';

export interface SubmissionActions {
  approve(): Promise<void>;
  /** Approve and publish at once with one of the contact's Multiples Listing credits. */
  approveWithCredit(): Promise<void>;
  reject(notes: string): Promise<void>;
  generateLink(): Promise<void>;
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

/** The status label of SPEC.md 4; any other value is shown raw. */
export const statusLabel = (status: string) =>
  (SUBMISSION_STATUS_LABELS as Record<string, string>)[status] ?? status;

/** One submission with its details and the actions its status allows (SPEC.md 4). */
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
    <Item aria-labelledby={`submission-${submission.id}`} data-testid="submission">
      <Head>
        <h2 id={`submission-${submission.id}`}>{submission.title}</h2>
        <StatusBadge tone={statusTone(status)}>{statusLabel(status)}</StatusBadge>
      </Head>
      <Details>
        <div>
          <dt>Organization</dt>
          <dd>{submission.organization}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{submission.location}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{submission.category.join(', ')}</dd>
        </div>
        <div>
          <dt>Job type</dt>
          <dd>{submission.jobType}</dd>
        </div>
        <div>
          <dt>Experience</dt>
          <dd>{submission.experienceLevel}</dd>
        </div>
        <div>
          <dt>Salary</dt>
          <dd>{formatSalary(submission) ?? 'Not given'}</dd>
        </div>
        <div>
          <dt>Contact</dt>
          <dd>
            {submission.contactName} (
            <a href={`mailto:${submission.contactEmail}`}>{submission.contactEmail}</a>)
          </dd>
        </div>
        <div>
          <dt>Listing</dt>
          <dd>
            {submission.listingType === 'featured' ? 'Multiples Listing' : 'Featured Listing'}
          </dd>
        </div>
        <div>
          <dt>Promo code</dt>
          <dd>
            {submission.promoCode ?? 'None'}
            {submission.promoRedemption === 'used_up' && ` (${SUBMISSION_TEXT.promoUsedUp})`}
          </dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>{formatUsDate(submission.submittedAt.slice(0, 10))}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatCents(submission.amount)}</dd>
        </div>
        <div>
          <dt>Application URL</dt>
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
      </Details>
      <Description>{submission.description}</Description>
      {submission.reviewNotes && <p>Reason given: {submission.reviewNotes}</p>}
      {status === 'approved' && <PaymentLinkState expiresAt={submission.paymentLinkExpiresAt} />}
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
      <Buttons>
        {status === 'pending_review' && (
          <>
            <Button disabled={busy} onClick={run(actions.approve)}>
              Approve
            </Button>
            {submission.listingCredits > 0 && (
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
              Reject
            </Button>
          </>
        )}
        {status === 'approved' && (
          <>
            <Button disabled={busy} onClick={run(actions.generateLink)}>
              Generate Payment Link
            </Button>
            {actions.markPaid && (
              <Button $variant="secondary" disabled={busy} onClick={run(actions.markPaid)}>
                Mark as paid
              </Button>
            )}
          </>
        )}
        {(status === 'pending_review' || status === 'approved') && (
          <Button $variant="secondary" disabled={busy} onClick={run(actions.copyTemplate)}>
            Copy Email Template
          </Button>
        )}
      </Buttons>
      {confirmingCredit && status === 'pending_review' && (
        <ConfirmBox role="group" aria-label="Use a Multiples credit">
          <p>{SUBMISSION_TEXT.creditConfirm(submission.listingCredits, submission.contactEmail)}</p>
          <Buttons>
            <Button
              disabled={busy}
              onClick={run(async () => {
                await actions.approveWithCredit();
                setConfirmingCredit(false);
              })}
            >
              {SUBMISSION_TEXT.creditConfirmButton}
            </Button>
            <Button $variant="secondary" onClick={() => setConfirmingCredit(false)}>
              Cancel
            </Button>
          </Buttons>
        </ConfirmBox>
      )}
      {rejecting && (
        <RejectBox>
          <TextArea
            label="Reason (optional, sent to the employer)"
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
            Confirm rejection
          </Button>
        </RejectBox>
      )}
    </Item>
  );
}

/** Until when the employer's pay link works; once it has ended, the admin issues a new one. */
function PaymentLinkState({ expiresAt }: { expiresAt: string | null }) {
  if (!expiresAt) return null;
  const day = formatUsDate(expiresAt.slice(0, 10));
  return Date.parse(expiresAt) <= Date.now() ? (
    <Notice $tone="danger" role="status">
      <p>{SUBMISSION_TEXT.linkExpired(day)}</p>
    </Notice>
  ) : (
    <Muted>{SUBMISSION_TEXT.linkValidUntil(day)}</Muted>
  );
}

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Item = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
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

/** Clamped to 3 lines (SPEC.md 9). */
const Description = styled.p`
  margin: 0;
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const ConfirmBox = styled(Notice)`
  flex-direction: column;
  align-items: flex-start;
`;

const RejectBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
`;
