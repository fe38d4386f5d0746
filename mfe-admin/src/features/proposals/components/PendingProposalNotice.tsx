import { Cluster, Notice, formatUsDate } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import { useProposals } from '../api/proposals';
import { PROPOSAL_TEXT } from '../messages';

/**
 * On the admin's job page: the employer's proposal of changes to this job that waits for review,
 * with the way to it (the proposals page decides it). Nothing while none waits, or when the
 * list cannot be read (the page's own content matters more).
 */
export function PendingProposalNotice({ jobId }: { jobId: string }) {
  const { data } = useProposals();
  const proposal = data?.find((p) => p.jobId === jobId);
  if (!proposal) return null;
  return (
    <Notice role="status" aria-label={PROPOSAL_TEXT.pendingHeading}>
      <Cluster $spread>
        <p>
          {PROPOSAL_TEXT.pendingOnJob(
            proposal.email,
            formatUsDate(proposal.createdAt.slice(0, 10)),
            proposal.changes.length,
          )}
        </p>
        <Link to="/admin/proposals">{PROPOSAL_TEXT.review}</Link>
      </Cluster>
    </Notice>
  );
}
