import { DATA_RIGHTS_TEXTS } from '@jobboard/contract/alerts';
import { Button, Notice, errorMessage } from '@jobboard/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { saveJson } from '../save-json';

export interface DataRightsProps {
  intro: string;
  /** Reads the caller's data (the file 'Download my data' saves). */
  download(): Promise<unknown>;
  /** Deletes it; the answer's message is shown. */
  remove(): Promise<{ message: string }>;
  /** Once deleted (the member is signed out, the alert's page has nothing left to show). */
  onDeleted?(): void;
}

/**
 * 'Your data' (docs/product.md#privacy): 'Download my data' saves what the board keeps about the
 * caller as a JSON file; 'Delete my data' asks once more, then deletes it all. Both act only on a
 * button: opening the page reads nothing and changes nothing.
 */
export function DataRights({ intro, download, remove, onDeleted }: DataRightsProps) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setNote(null);
    setProblem(null);
    try {
      setNote(await work());
    } catch (error) {
      setProblem(errorMessage(error, DATA_RIGHTS_TEXTS.failed));
    } finally {
      setBusy(false);
    }
  };

  const onDownload = () =>
    act(async () => {
      saveJson(await download());
      return DATA_RIGHTS_TEXTS.downloaded;
    });
  const onDelete = () =>
    act(async () => {
      const { message } = await remove();
      setAsking(false);
      setDeleted(true);
      onDeleted?.();
      return message;
    });

  return (
    <DataSection aria-labelledby="data-rights-title">
      <h2 id="data-rights-title">{DATA_RIGHTS_TEXTS.heading}</h2>
      {!deleted && <p>{intro}</p>}
      {note && <p role="status">{note}</p>}
      {problem && (
        <Notice $tone="danger" role="alert">
          {problem}
        </Notice>
      )}
      {!deleted && !asking && (
        <Actions>
          <Button type="button" disabled={busy} onClick={() => void onDownload()}>
            {DATA_RIGHTS_TEXTS.download}
          </Button>
          <Button
            type="button"
            $variant="danger"
            disabled={busy}
            onClick={() => {
              setNote(null);
              setAsking(true);
            }}
          >
            {DATA_RIGHTS_TEXTS.delete}
          </Button>
        </Actions>
      )}
      {!deleted && asking && (
        <>
          <p>{DATA_RIGHTS_TEXTS.confirmDelete}</p>
          <Actions>
            <Button type="button" $variant="danger" disabled={busy} onClick={() => void onDelete()}>
              {DATA_RIGHTS_TEXTS.confirm}
            </Button>
            <Button type="button" disabled={busy} onClick={() => setAsking(false)}>
              {DATA_RIGHTS_TEXTS.cancel}
            </Button>
          </Actions>
        </>
      )}
    </DataSection>
  );
}

/** The look of a 'Your data' section (here and DataLinkRequest.tsx). */
export const DataSection = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
  h2,
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;
