import { Button, Cluster, Modal } from '@jobboard/shared-ui';
import { useCallback, useRef, useState, type ReactNode } from 'react';

export interface ConfirmRequest {
  /** The dialog's title (its accessible name). */
  title: string;
  /** What will happen, in a sentence. */
  message: ReactNode;
  /** The button that goes ahead ('Delete', 'Extend 3 jobs'). */
  confirmLabel: string;
  /** A destructive action gets the danger button. */
  danger?: boolean;
}

/**
 * The site's own confirmation dialog instead of `window.confirm` (issue 16): a modal with a
 * title, the question, Cancel and the action's own button. Focus moves into it and comes back
 * when it closes; Escape and Cancel answer no. `confirm(request)` resolves true or false; render
 * `dialog` once in the component that uses it.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);

  const confirm = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setRequest(next);
      }),
    [],
  );

  const close = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setRequest(null);
  };

  const dialog = (
    <Modal
      open={request !== null}
      onClose={() => close(false)}
      title={request?.title ?? ''}
      description={request?.message}
    >
      <Cluster $gap="sm">
        <Button $variant="secondary" onClick={() => close(false)}>
          Cancel
        </Button>
        <Button $variant={request?.danger ? 'danger' : 'primary'} onClick={() => close(true)}>
          {request?.confirmLabel}
        </Button>
      </Cluster>
    </Modal>
  );

  return { confirm, dialog };
}
