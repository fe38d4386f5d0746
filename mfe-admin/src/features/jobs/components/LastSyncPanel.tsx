import { refreshSummary, type SyncRun } from '@jobboard/contract';
import { Panel } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { useLastSync } from '../api/last-sync';
import { JOB_MESSAGES } from '../messages';

/**
 * The dashboard's last sync from the external job source: when, from where, the counts, why it
 * failed, and the records it skipped with their reasons (so an admin can fix them at the source).
 */
export function LastSyncPanel() {
  const { data } = useLastSync();
  if (!data) return null;
  const { source, last } = data;
  return (
    <SyncPanel aria-labelledby="last-sync-title">
      <h2 id="last-sync-title">{JOB_MESSAGES.lastSyncTitle}</h2>
      {!source && !last ? (
        <p>{JOB_MESSAGES.noSource}</p>
      ) : !last ? (
        <p>{JOB_MESSAGES.neverSynced}</p>
      ) : (
        <SyncDetails run={last} />
      )}
    </SyncPanel>
  );
}

function SyncDetails({ run }: { run: SyncRun }) {
  const when = new Date(run.finishedAt).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const how = run.trigger === 'schedule' ? JOB_MESSAGES.syncScheduled : JOB_MESSAGES.syncByAdmin;
  return (
    <>
      <p>
        {run.source}, {when} ({how}):{' '}
        {run.status === 'failed' ? (
          <strong>
            {JOB_MESSAGES.syncFailed}. {run.error}
          </strong>
        ) : (
          <span>
            {refreshSummary(run)}, {JOB_MESSAGES.unchanged(run.unchanged)}
          </span>
        )}
      </p>
      {run.skipped > 0 && (
        <details>
          <summary>{JOB_MESSAGES.skippedTitle(run.skipped)}</summary>
          {run.skippedRecords.length < run.skipped && (
            <p>{JOB_MESSAGES.skippedShown(run.skippedRecords.length, run.skipped)}</p>
          )}
          <ul>
            {run.skippedRecords.map((record, index) => (
              <li key={`${record.externalId ?? 'none'}-${index}`}>
                {record.externalId ? (
                  <code>{record.externalId}</code>
                ) : (
                  JOB_MESSAGES.recordWithoutId
                )}
                : {record.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

const SyncPanel = styled(Panel)`
  margin-bottom: ${({ theme }) => theme.space.lg};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: 1rem;
  }
  p {
    margin: ${({ theme }) => theme.space.xs} 0;
  }
  ul {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    padding-left: 1.25rem;
  }
`;
