import {
  REPORT_QUEUE_TEXTS,
  reportReasonLabel,
  type AdminReportedListing,
  type ReportedListingState,
} from '@jobboard/contract/jobs';
import {
  Button,
  Card,
  Cluster,
  Stack,
  StatusBadge,
  formatUsDate,
  toast,
  type StatusTone,
} from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import { useState } from 'react';
import styled from 'styled-components';
import { toastFailure } from '../../../lib/toast-failure';
import { decideReports, type ReportDecision } from '../api/reports';

const TONES: Record<ReportedListingState, StatusTone> = {
  live: 'live',
  hidden: 'awaitingReview',
  off: 'off',
};

/** A moment as the queue writes it: 'November 22, 2026, 12:00 UTC' (the board has no time zone). */
const when = (iso: string) => `${formatUsDate(iso.slice(0, 10))}, ${iso.slice(11, 16)} UTC`;

/** The decisions offered, by where the listing stands and whether reports are open. */
function decisionsOf(listing: AdminReportedListing): [ReportDecision, string][] {
  if (listing.state === 'hidden') {
    return listing.openReports
      ? [
          ['restore', REPORT_QUEUE_TEXTS.restore],
          ['hide', REPORT_QUEUE_TEXTS.keepOff],
        ]
      : [['restore', REPORT_QUEUE_TEXTS.restore]];
  }
  return [
    [
      'dismiss',
      listing.state === 'live' ? REPORT_QUEUE_TEXTS.dismiss : REPORT_QUEUE_TEXTS.dismissOff,
    ],
    ['hide', REPORT_QUEUE_TEXTS.hide],
  ];
}

/**
 * One reported listing (docs/product.md#admin-reports): where it stands, its open reports by
 * reason and each with its note, address and time, and the decisions: dismiss (it stays), take it
 * off the board, restore one its reports hid. Each decision's answer says how many reporters will
 * be e-mailed.
 */
export function ReportedListingCard({
  listing,
  onDecided,
}: {
  listing: AdminReportedListing;
  onDecided(): void;
}) {
  const [busy, setBusy] = useState(false);
  const decide = async (decision: ReportDecision) => {
    setBusy(true);
    try {
      const { message } = await decideReports(listing.jobId, decision);
      toast({ title: message, variant: 'success' });
      onDecided();
    } catch (failure) {
      toastFailure(listing.title, failure, REPORT_QUEUE_TEXTS.loadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card as="article" aria-label={listing.title}>
      <Stack $gap="sm">
        <Cluster $spread>
          <h2>
            {listing.title} <small>at {listing.organization}</small>
          </h2>
          <Link to={`/admin/jobs/view/${listing.jobId}`}>{REPORT_QUEUE_TEXTS.viewJob}</Link>
        </Cluster>
        <Cluster>
          <StatusBadge tone={TONES[listing.state]}>
            {REPORT_QUEUE_TEXTS.states[listing.state]}
          </StatusBadge>
          {listing.hiddenAt && listing.hiddenBy && (
            <span>{REPORT_QUEUE_TEXTS.hiddenSince(when(listing.hiddenAt), listing.hiddenBy)}</span>
          )}
          {listing.openReports > 0 && (
            <strong>{REPORT_QUEUE_TEXTS.openReports(listing.openReports)}</strong>
          )}
        </Cluster>
        {listing.reasons.length > 0 && (
          <Counts aria-label={REPORT_QUEUE_TEXTS.reasons}>
            {listing.reasons.map(({ reason, count }) => (
              <li key={reason}>
                {reportReasonLabel(reason)}: {count}
              </li>
            ))}
          </Counts>
        )}
        {listing.reports.length > 0 && (
          <Reports aria-label={REPORT_QUEUE_TEXTS.reports}>
            {listing.reports.map((report) => (
              <li key={report.id}>
                <strong>{reportReasonLabel(report.reason)}</strong>{' '}
                <span>{REPORT_QUEUE_TEXTS.reportedOn(when(report.createdAt))}</span>
                <Note>{report.note || REPORT_QUEUE_TEXTS.noNote}</Note>
                <span>
                  {report.email
                    ? REPORT_QUEUE_TEXTS.email(report.email)
                    : REPORT_QUEUE_TEXTS.noEmail}
                </span>
              </li>
            ))}
          </Reports>
        )}
        <Cluster>
          {decisionsOf(listing).map(([decision, label], index) => (
            <Button
              key={decision}
              $variant={index === 0 ? 'primary' : 'secondary'}
              disabled={busy}
              onClick={() => void decide(decision)}
            >
              {label}
            </Button>
          ))}
        </Cluster>
      </Stack>
    </Card>
  );
}

const Counts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Reports = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  li + li {
    margin-top: ${({ theme }) => theme.space.sm};
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0;
  white-space: pre-line;
`;
