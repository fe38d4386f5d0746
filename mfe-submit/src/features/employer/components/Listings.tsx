import {
  EMPLOYER_MESSAGES,
  EMPLOYER_STATUS_LABELS,
  PROPOSAL_MESSAGES,
  employerCheckInLine,
  type EmployerCloseReason,
  type EmployerListing,
  type EmployerStatus,
} from '@jobboard/contract/employer';
import { APPLY_LINK_TEXT, JOB_STATS_TEXT } from '@jobboard/contract/jobs';
import { BILLING_MESSAGES } from '@jobboard/contract/payments';
import {
  Button,
  Card,
  Cluster,
  DailyStatsChart,
  EmptyState,
  Pagination,
  Spinner,
  Stack,
  StatusBadge,
  errorMessage,
  formatCents,
  toast,
  type StatusTone,
} from '@jobboard/shared-ui';
import { Link, useNavigate } from '@jobboard/shared-ui/router';
import { useState } from 'react';
import styled from 'styled-components';
import {
  closeJob,
  payLink,
  askToUseCredit,
  renewJob,
  signOut,
  useListings,
  withdrawProposal,
} from '../api/employer';
import { EMPLOYER_TEXT, INBOX_TEXT } from '../messages';
import { TEAM_TEXT } from '../team-messages';
import { SignInRequest } from './SignInRequest';
import { Timeline, day } from './Timeline';

const TONES: Record<EmployerStatus, StatusTone> = {
  in_review: 'awaitingReview',
  edited: 'awaitingReview',
  awaiting_payment: 'awaitingPayment',
  live: 'live',
  ending: 'live',
  ended: 'off',
  filled: 'off',
  closed: 'off',
  removed: 'off',
  rejected: 'rejected',
};

/** /employer/listings: every submission and job of the signed-in address, newest first. */
export function Listings() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useListings(page);
  const navigate = useNavigate();

  if (isLoading) return <Spinner label={EMPLOYER_TEXT.title} />;
  if (data === null) return <SignInRequest />;
  if (error || !data) return <p role="alert">{errorMessage(error, EMPLOYER_TEXT.loadFailed)}</p>;

  const leave = async () => {
    await signOut();
    await mutate(null, { revalidate: false });
    navigate('/employer', { replace: true });
  };
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));

  return (
    <Stack $gap="lg">
      <Cluster $spread>
        <h1>{EMPLOYER_TEXT.title}</h1>
        <Cluster>
          <span>{EMPLOYER_TEXT.signedInAs(data.email)}</span>
          <Link to="/employer/team">{TEAM_TEXT.link}</Link>
          <Button $variant="secondary" onClick={leave}>
            {EMPLOYER_TEXT.signOut}
          </Button>
        </Cluster>
      </Cluster>
      {data.listings.length === 0 ? (
        <EmptyState>
          <p>{EMPLOYER_TEXT.noListings}</p>
          <Link to="/submit-job">{EMPLOYER_TEXT.postJob}</Link>
        </EmptyState>
      ) : (
        data.listings.map((listing) => (
          <ListingCard
            key={listing.submissionId}
            listing={listing}
            creditsLeft={data.creditsLeft ?? 0}
            onChange={() => mutate()}
          />
        ))
      )}
      {pages > 1 && <Pagination page={page} pageCount={pages} onPageChange={setPage} />}
    </Stack>
  );
}

function ListingCard({
  listing,
  creditsLeft,
  onChange,
}: {
  listing: EmployerListing;
  creditsLeft: number;
  onChange(): void;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      toast({ title: errorMessage(failure, EMPLOYER_TEXT.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const pay = () =>
    run(async () => window.location.assign((await payLink(listing.submissionId)).url));
  const renew = () => run(async () => window.location.assign((await renewJob(listing.jobId!)).url));
  const close = (reason: EmployerCloseReason) => {
    const question = reason === 'filled' ? EMPLOYER_TEXT.confirmFilled : EMPLOYER_TEXT.confirmClose;
    if (!window.confirm(question)) return;
    void run(async () => {
      await closeJob(listing.jobId!, reason);
      onChange();
    });
  };

  const askForCredit = () => {
    if (!window.confirm(EMPLOYER_TEXT.confirmUseCredit)) return;
    void run(async () => {
      await askToUseCredit(listing.submissionId);
      onChange();
    });
  };

  const withdraw = () =>
    run(async () => {
      const { message } = await withdrawProposal(listing.jobId!);
      toast({ title: message, variant: 'success' });
      onChange();
    });
  const proposal = listing.proposal;

  return (
    <Card as="article" aria-label={listing.title}>
      <Stack $gap="sm">
        <Cluster $spread>
          <h2>
            {listing.title} <Muted>at {listing.organization}</Muted>
          </h2>
          {/* Live on an invoice not yet paid (issue 47): said so, with its due day. */}
          <StatusBadge tone={listing.unpaidInvoice ? 'awaitingPayment' : TONES[listing.status]}>
            {listing.unpaidInvoice
              ? BILLING_MESSAGES.liveOnUnpaidInvoice(listing.unpaidInvoice.dueOn)
              : EMPLOYER_STATUS_LABELS[listing.status]}
          </StatusBadge>
        </Cluster>
        {listing.unpaidInvoice?.url && (
          <p>
            <a href={listing.unpaidInvoice.url} target="_blank" rel="noopener noreferrer">
              {EMPLOYER_TEXT.payInvoice}
            </a>
          </p>
        )}
        {listing.salary && <p>{EMPLOYER_TEXT.pay(listing.salary)}</p>}
        <Muted>
          {listing.tierName} · {formatCents(listing.amountCents)} ·{' '}
          {EMPLOYER_TEXT.submitted(day(listing.submittedAt))}
          {listing.endsAt &&
            ` · ${(listing.status === 'ended' ? EMPLOYER_TEXT.endedOn : EMPLOYER_TEXT.endsOn)(day(listing.endsAt))}`}
        </Muted>
        {listing.newsletterIssues?.length ? (
          <p>{EMPLOYER_TEXT.inNewsletter(listing.newsletterIssues.map(day))}</p>
        ) : null}
        {listing.checkIn ? <p>{employerCheckInLine(listing.checkIn)}</p> : null}
        {/* Its application link found dead twice in a row (issue 45): what to do about it. */}
        {listing.applyLinkCheck && (
          <LinkWarning role="note">
            {APPLY_LINK_TEXT.employerFlag(
              listing.applyLinkCheck.answer,
              day(listing.applyLinkCheck.checkedAt),
            )}
          </LinkWarning>
        )}
        <Timeline listing={listing} />
        {listing.stats && (
          <Stats>
            <summary>
              {EMPLOYER_TEXT.stats(
                listing.stats.totalViews,
                listing.stats.totalApplyClicks,
                listing.stats.totalApplications,
              )}
            </summary>
            {/* By channel (issue 44): where its visitors came from, the newsletter's among them. */}
            {listing.stats.channels && <p>{JOB_STATS_TEXT.channelExplainer}</p>}
            <DailyStatsChart days={listing.stats.days} />
          </Stats>
        )}
        {proposal?.status === 'pending' && (
          <p role="status">{PROPOSAL_MESSAGES.waiting(day(proposal.createdAt))}</p>
        )}
        {proposal?.status === 'rejected' && (
          <p role="status">
            {EMPLOYER_TEXT.proposalRejected(day(proposal.createdAt), proposal.reason)}
          </p>
        )}
        {listing.creditRequested && <p role="status">{EMPLOYER_MESSAGES.creditRequested}</p>}
        <Cluster>
          {listing.canEdit && (
            <Link to={`/employer/submissions/${listing.submissionId}/edit`}>
              {EMPLOYER_TEXT.edit}
            </Link>
          )}
          {listing.canUseCredit && (
            <Button $variant="secondary" onClick={askForCredit} disabled={busy}>
              {EMPLOYER_TEXT.creditOffer(creditsLeft)}
            </Button>
          )}
          {listing.paymentDue && (
            <Button onClick={pay} disabled={busy}>
              {EMPLOYER_TEXT.payNow}
            </Button>
          )}
          {listing.jobId && listing.canRenew && (
            <Button onClick={renew} disabled={busy}>
              {EMPLOYER_TEXT.renew}
            </Button>
          )}
          {listing.receiptId && (
            <Link to={`/employer/receipts/${listing.receiptId}`}>{EMPLOYER_TEXT.receipt}</Link>
          )}
          {listing.renewals?.map((renewal) => (
            <Link key={renewal.id} to={`/employer/renewal-receipts/${renewal.id}`}>
              {EMPLOYER_TEXT.renewalReceipt(day(renewal.paidAt))}
            </Link>
          ))}
          {listing.jobId && listing.canClose && (
            <Link to={`/jobs/${listing.jobId}`}>{EMPLOYER_TEXT.viewJob}</Link>
          )}
          {listing.jobId && listing.applications !== undefined && (
            <Link to={`/employer/jobs/${listing.jobId}/applications`}>
              {INBOX_TEXT.entry(listing.applications)}
            </Link>
          )}
          {listing.jobId && listing.canPropose && (
            <Link to={`/employer/jobs/${listing.jobId}/propose`}>{PROPOSAL_MESSAGES.propose}</Link>
          )}
          {listing.jobId && proposal?.status === 'pending' && (
            <Button $variant="secondary" onClick={withdraw} disabled={busy}>
              {PROPOSAL_MESSAGES.withdraw}
            </Button>
          )}
          {listing.canClose && (
            <>
              <Button $variant="secondary" onClick={() => close('filled')} disabled={busy}>
                {EMPLOYER_TEXT.markFilled}
              </Button>
              <Button $variant="secondary" onClick={() => close('closed')} disabled={busy}>
                {EMPLOYER_TEXT.close}
              </Button>
            </>
          )}
        </Cluster>
      </Stack>
    </Card>
  );
}

const Stats = styled.details`
  summary {
    cursor: pointer;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: normal;
`;

const LinkWarning = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
`;
