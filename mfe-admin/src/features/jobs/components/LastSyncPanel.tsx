import {
  ADMIN_JOBS_DEFAULTS,
  SYNC_CONFLICT_MESSAGES,
  listQueryString,
  refreshSummary,
  type HeldJobs,
  type SyncConflict,
  type SyncRun,
} from '@jobboard/contract/admin';
import { PAY_MESSAGES, jobFieldLabel } from '@jobboard/contract/jobs';
import { Button, Panel } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { useConfirm } from '../../../lib/confirm';
import { useLastSync } from '../api/last-sync';
import { useSourceDecisions } from '../hooks/use-source-decisions';
import { JOB_MESSAGES } from '../messages';

/**
 * The dashboard's last sync from the external job source: when, from where, the counts, why it
 * failed, the records it skipped with their reasons (so an admin can fix them at the source),
 * where it kept what an admin decided (issue 25), each with what the admin can do about it, and
 * the synced jobs the board's pay rule holds back (docs/product.md#pay: none dropped silently).
 */
export function LastSyncPanel() {
  const { data } = useLastSync();
  if (!data) return null;
  const { source, last, held } = data;
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
      {held.count > 0 && <Held held={held} />}
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
      {run.conflicts > 0 && <Conflicts run={run} />}
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

/** The dashboard's view of every held job (the status filter 'held'). */
const heldView = `/admin/dashboard${listQueryString({ ...ADMIN_JOBS_DEFAULTS, status: 'held' }, ADMIN_JOBS_DEFAULTS)}`;

/**
 * The synced jobs held back because they show no pay while the pay rule is on, each linked to
 * its page, with the contract's reason: on the board once they have pay (or the rule is off).
 */
function Held({ held }: { held: HeldJobs }) {
  return (
    <details open>
      <summary>{JOB_MESSAGES.heldTitle(held.count)}</summary>
      <p>{PAY_MESSAGES.held}</p>
      {held.jobs.length < held.count && (
        <p>
          {JOB_MESSAGES.heldShown(held.jobs.length, held.count)}{' '}
          <Link to={heldView}>{JOB_MESSAGES.heldAll}</Link>
        </p>
      )}
      <ul>
        {held.jobs.map((job) => (
          <li key={job.jobId}>
            <Link to={`/admin/jobs/view/${job.jobId}`}>{job.title}</Link>
            {job.externalId && (
              <>
                {' '}
                (<code>{job.externalId}</code>)
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** What one conflict says, in the contract's words. */
function conflictText(conflict: SyncConflict): string {
  if (conflict.kind === 'edited') {
    return SYNC_CONFLICT_MESSAGES.edited(conflict.fields.map(jobFieldLabel).join(', '));
  }
  return SYNC_CONFLICT_MESSAGES[conflict.kind];
}

/**
 * The jobs where the sync kept an admin's decision over the source's values: 'Return to the
 * source' gives an edited (or switched-off) job back to it, 'Restore' lets a deleted one be
 * created again. A conflict settled since is no longer listed (the API leaves it out).
 */
function Conflicts({ run }: { run: SyncRun }) {
  const { confirm, dialog } = useConfirm();
  const { giveBack, restore } = useSourceDecisions(confirm);
  const listed = run.conflictRecords;
  return (
    <details open>
      <summary>{JOB_MESSAGES.conflictsTitle(run.conflicts)}</summary>
      {listed.length < run.conflicts && (
        <p>{JOB_MESSAGES.conflictsShown(listed.length, run.conflicts)}</p>
      )}
      {listed.length === 0 ? (
        <p>{JOB_MESSAGES.conflictsNone}</p>
      ) : (
        <ConflictList>
          {listed.map((conflict) => (
            <li key={`${conflict.kind}-${conflict.externalId}`}>
              {conflict.jobId ? (
                <Link to={`/admin/jobs/view/${conflict.jobId}`}>{conflict.title}</Link>
              ) : (
                <strong>{conflict.title}</strong>
              )}{' '}
              (<code>{conflict.externalId}</code>): {conflictText(conflict)}{' '}
              {conflict.jobId ? (
                <Button
                  $variant="secondary"
                  $size="sm"
                  aria-label={JOB_MESSAGES.returnLabel(conflict.title)}
                  onClick={() =>
                    void giveBack({
                      id: conflict.jobId!,
                      title: conflict.title,
                      fields: conflict.fields,
                    })
                  }
                >
                  {JOB_MESSAGES.returnToSource}
                </Button>
              ) : conflict.deletionId ? (
                <Button
                  $variant="secondary"
                  $size="sm"
                  aria-label={JOB_MESSAGES.restoreLabel(conflict.title)}
                  onClick={() =>
                    void restore({ deletionId: conflict.deletionId!, title: conflict.title })
                  }
                >
                  {JOB_MESSAGES.restore}
                </Button>
              ) : null}
            </li>
          ))}
        </ConflictList>
      )}
      {dialog}
    </details>
  );
}

const ConflictList = styled.ul`
  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;

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
