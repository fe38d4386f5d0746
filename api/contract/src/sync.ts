import { array, enums, integer, nullable, object, string, type Infer } from 'superstruct';

/**
 * Re-sync from the external job source (docs/architecture.md, Re-sync): what the API takes from a
 * source and what it reports. A record is checked field by field against a job's limits
 * (JOB_LIMITS, as every path that writes a job is); one that breaks a rule is skipped, with its
 * reason, and the rest sync.
 */
export const SYNC_LIMITS = {
  /** Records one sync reads at most: a source past it is refused whole (nothing changes). */
  records: 20_000,
  /** Skipped records kept with a sync's report (the count covers all of them). */
  reportedSkips: 100,
  /** sync_runs.error */
  error: 1000,
  /** Sync records kept (the newest): a schedule every few minutes would otherwise grow it forever. */
  keptRuns: 100,
  /** Conflicts kept with a sync's record (the count covers all of them). */
  reportedConflicts: 100,
} as const;

/** Where synced jobs come from: the `source` of their rows (jobs.source, 20 characters). */
export type SyncSource = 'airtable' | 'json-feed';

/** How a source is named to admins ('Jobs refreshed from Airtable'). */
export const SYNC_SOURCE_NAMES: Record<SyncSource, string> = {
  airtable: 'Airtable',
  'json-feed': 'the JSON feed',
};

/** A record of the source that was not synced, and why. */
export const SkippedRecord = object({ externalId: nullable(string()), reason: string() });
export type SkippedRecord = Infer<typeof SkippedRecord>;

/**
 * Where the source and an admin disagree, and the admin's decision stood (docs/product.md#re-sync):
 * - 'edited': the source has other values for fields an admin changed here (`fields`);
 * - 'deactivated': an admin switched the job off, and the source still lists it as active;
 * - 'deleted': an admin deleted the job, and the source still has its record (not created again).
 * `jobId` names the job ('edited', 'deactivated'); `deletionId` the remembered deletion
 * ('deleted'), which an admin may restore.
 */
export const SyncConflict = object({
  kind: enums(['edited', 'deactivated', 'deleted']),
  externalId: string(),
  title: string(),
  jobId: nullable(string()),
  deletionId: nullable(string()),
  fields: array(string()),
});
export type SyncConflict = Infer<typeof SyncConflict>;

/** What one sync did to the jobs, as every report of it counts them. */
const syncCounts = {
  created: integer(),
  updated: integer(),
  unchanged: integer(),
  deactivated: integer(),
  skipped: integer(),
  skippedRecords: array(SkippedRecord),
  /** Jobs where the source and an admin disagree and the admin's decision was kept. */
  conflicts: integer(),
};

/**
 * `GET /api/refresh-jobs`: what a re-sync changed. `source` is the source's name (null when none
 * is configured, and nothing was done); `skippedRecords` lists the first SYNC_LIMITS.reportedSkips
 * of the `skipped` records.
 */
export const RefreshResult = object({
  source: nullable(string()),
  ...syncCounts,
  /** Synced jobs held back after this sync: they show no pay and the pay rule is on. */
  held: integer(),
  message: string(),
});
export type RefreshResult = Infer<typeof RefreshResult>;

/** One sync as the dashboard shows it: when, from where, how it went. */
export const SyncRun = object({
  id: string(),
  source: string(),
  trigger: enums(['admin', 'schedule']),
  status: enums(['succeeded', 'failed']),
  startedAt: string(),
  finishedAt: string(),
  ...syncCounts,
  /**
   * The first SYNC_LIMITS.reportedConflicts conflicts the admin has not settled since (a job
   * returned to its source, or a deletion restored, is no longer listed).
   */
  conflictRecords: array(SyncConflict),
  /** Why a failed sync changed nothing. */
  error: nullable(string()),
});
export type SyncRun = Infer<typeof SyncRun>;

/** A synced job the board's pay rule holds back from the board (PAY_MESSAGES.held). */
export const HeldJob = object({ jobId: string(), title: string(), externalId: nullable(string()) });
export type HeldJob = Infer<typeof HeldJob>;

/**
 * The synced jobs held back now because they show no pay while the pay rule is on
 * (docs/product.md#pay): how many, and the first SYNC_LIMITS.reportedSkips of them.
 */
export const HeldJobs = object({ count: integer(), jobs: array(HeldJob) });
export type HeldJobs = Infer<typeof HeldJobs>;

/**
 * `GET /api/admin/sync/last`: the configured source's name (or null), the latest sync, and the
 * synced jobs the pay rule holds back.
 */
export const LastSync = object({
  source: nullable(string()),
  last: nullable(SyncRun),
  held: HeldJobs,
});
export type LastSync = Infer<typeof LastSync>;

/** The toast after a sync (docs/product.md#errors: 'Jobs refreshed from' the external database service). */
export function refreshSummary(
  result: Pick<RefreshResult, 'created' | 'updated' | 'deactivated' | 'skipped'> & {
    conflicts?: number;
    held?: number;
  },
): string {
  const counts = `${result.created} created, ${result.updated} updated, ${result.deactivated} deactivated, ${result.skipped} skipped`;
  const kept = result.conflicts ? `, ${result.conflicts} kept as an admin set them` : '';
  const held = result.held ? `, ${result.held} held back without pay` : '';
  return counts + kept + held;
}

/** Texts of the sync's conflicts and what an admin does about them (API and mfe-admin alike). */
export const SYNC_CONFLICT_MESSAGES = {
  edited: (fields: string) =>
    `The source has other values for what an admin changed here: ${fields}`,
  deactivated: 'An admin switched this job off; the source still lists it',
  deleted: 'An admin deleted this job; the source still has it, and it is not created again',
  returned:
    'Returned to the source: the next sync writes the source’s values over the admin’s changes',
  restored: 'Restored: the next sync creates the job again from the source',
  notSynced: 'This job did not come from a sync source, so it has no source to return to',
  deletionNotFound: 'No deleted synced job with this id',
} as const;
