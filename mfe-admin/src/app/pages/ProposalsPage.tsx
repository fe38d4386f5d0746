import { PROPOSAL_MESSAGES } from '@jobboard/contract/employer';
import { EmptyState, Spinner, Stack, errorMessage } from '@jobboard/shared-ui';
import { useProposals } from '../../features/proposals/api/proposals';
import { ProposalCard } from '../../features/proposals/components/ProposalCard';
import { SettingsSection } from '../../features/proposals/components/SettingsSection';
import { PROPOSAL_TEXT } from '../../features/proposals/messages';
import { PageHeader } from '../../lib/ui';

/** /admin/proposals: the employers' pending proposals of changes, each as a diff; the setting. */
export default function ProposalsPage() {
  const { data, error, isLoading, mutate } = useProposals();
  return (
    <Stack $gap="lg">
      <PageHeader>
        <div>
          <h1>{PROPOSAL_TEXT.title}</h1>
          <p>{PROPOSAL_TEXT.subtitle}</p>
        </div>
      </PageHeader>
      <SettingsSection />
      {isLoading ? (
        <Spinner label={PROPOSAL_TEXT.title} />
      ) : error || !data ? (
        <p role="alert">{errorMessage(error, PROPOSAL_TEXT.loadFailed)}</p>
      ) : data.length === 0 ? (
        <EmptyState>
          <p>{PROPOSAL_MESSAGES.empty}</p>
        </EmptyState>
      ) : (
        data.map((proposal) => (
          <ProposalCard key={proposal.id} proposal={proposal} onDecided={() => void mutate()} />
        ))
      )}
    </Stack>
  );
}
