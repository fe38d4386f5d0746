import type { CreatedApiKey } from '@jobboard/contract/admin';
import { Button, Card, Cluster, toast } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { API_KEYS_TEXT } from '../messages';

/**
 * A key just made, shown this once (the board keeps only its hash): to copy, then put away with
 * Done. Nothing keeps it once this is closed or the page is left.
 */
export function NewKey({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  const copy = async () => {
    await navigator.clipboard?.writeText(created.key);
    toast({ title: API_KEYS_TEXT.copied, variant: 'success' });
  };
  return (
    <Card role="status" aria-label={API_KEYS_TEXT.shownOnce}>
      <strong>{API_KEYS_TEXT.shownOnce}</strong>
      <p>{API_KEYS_TEXT.shownOnceHelp}</p>
      <Key
        readOnly
        value={created.key}
        aria-label={API_KEYS_TEXT.keyLabel(created.apiKey.name)}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Cluster $gap="sm">
        <Button $size="sm" onClick={() => void copy()}>
          {API_KEYS_TEXT.copy}
        </Button>
        <Button $variant="secondary" $size="sm" onClick={onDone}>
          {API_KEYS_TEXT.done}
        </Button>
      </Cluster>
    </Card>
  );
}

const Key = styled.input`
  width: 100%;
  font-family: monospace;
  margin: ${({ theme }) => theme.space.sm} 0;
`;
