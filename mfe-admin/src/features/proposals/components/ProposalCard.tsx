import { PROPOSAL_MESSAGES, type AdminProposal } from '@jobboard/contract/employer';
import {
  Button,
  Card,
  Cluster,
  Stack,
  TextArea,
  errorMessage,
  formatUsDate,
  toast,
} from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import { useState } from 'react';
import { approveProposal, rejectProposal } from '../api/proposals';
import { PROPOSAL_TEXT } from '../messages';
import { ProposalDiff } from './ProposalDiff';

/** One pending proposal: its diff, Approve, and Reject with a reason the employer is sent. */
export function ProposalCard({
  proposal,
  onDecided,
}: {
  proposal: AdminProposal;
  onDecided(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  const run = async (work: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      const { message } = await work();
      toast({ title: message, variant: 'success' });
      onDecided();
    } catch (failure) {
      toast({ title: errorMessage(failure, PROPOSAL_TEXT.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const reject = () => {
    if (!reason.trim()) {
      setReasonError(PROPOSAL_MESSAGES.reasonRequired);
      return;
    }
    void run(() => rejectProposal(proposal.id, reason.trim()));
  };

  return (
    <Card as="article" aria-label={proposal.title}>
      <Stack $gap="sm">
        <Cluster $spread>
          <h2>
            {proposal.title} <small>at {proposal.organization}</small>
          </h2>
          <Link to={`/admin/jobs/view/${proposal.jobId}`}>{PROPOSAL_TEXT.viewJob}</Link>
        </Cluster>
        <p>
          {PROPOSAL_TEXT.proposedBy(proposal.email, formatUsDate(proposal.createdAt.slice(0, 10)))}
        </p>
        <ProposalDiff changes={proposal.changes} />
        {rejecting ? (
          <Stack $gap="sm">
            <TextArea
              label={PROPOSAL_MESSAGES.rejectReason}
              rows={3}
              value={reason}
              error={reasonError}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(undefined);
              }}
            />
            <Cluster>
              <Button $variant="danger" onClick={reject} disabled={busy}>
                {PROPOSAL_TEXT.confirmReject}
              </Button>
              <Button $variant="secondary" onClick={() => setRejecting(false)} disabled={busy}>
                {PROPOSAL_TEXT.cancel}
              </Button>
            </Cluster>
          </Stack>
        ) : (
          <Cluster>
            <Button onClick={() => void run(() => approveProposal(proposal.id))} disabled={busy}>
              {PROPOSAL_MESSAGES.approve}
            </Button>
            <Button $variant="secondary" onClick={() => setRejecting(true)} disabled={busy}>
              {PROPOSAL_MESSAGES.reject}
            </Button>
          </Cluster>
        )}
      </Stack>
    </Card>
  );
}
