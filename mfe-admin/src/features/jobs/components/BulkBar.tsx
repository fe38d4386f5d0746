import { BULK_JOB_ACTIONS, type BulkJobActionName } from '@jobboard/contract/admin';
import { Button, Cluster } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { JOB_MESSAGES } from '../messages';

/** The actions on the selected jobs, shown while any is selected. */
export function BulkBar({
  count,
  busy,
  onAction,
  onClear,
}: {
  count: number;
  busy: boolean;
  onAction(action: BulkJobActionName): void;
  onClear(): void;
}) {
  if (count === 0) return null;
  return (
    <Bar role="region" aria-label={JOB_MESSAGES.bulkRegion}>
      <Cluster $gap="sm">
        <strong aria-live="polite">{JOB_MESSAGES.selected(count)}</strong>
        {BULK_JOB_ACTIONS.map((action) => (
          <Button
            key={action}
            $size="sm"
            $variant={action === 'delete' ? 'danger' : 'secondary'}
            disabled={busy}
            onClick={() => onAction(action)}
          >
            {JOB_MESSAGES.bulk[action]}
          </Button>
        ))}
        <Button $size="sm" $variant="ghost" onClick={onClear}>
          {JOB_MESSAGES.clearSelection}
        </Button>
      </Cluster>
    </Bar>
  );
}

const Bar = styled.div`
  position: sticky;
  top: 0;
  z-index: 1;
  margin-bottom: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;
