import { array, enums, integer, nullable, object, string, type Infer } from 'superstruct';

/**
 * Re-sync from the external job source (docs/architecture.md, Re-sync): what the API takes from a
 * source and what it reports. A record is checked field by field against the admin form's limits
 * (ADMIN_LIMITS, each the width of its PostgreSQL column) and these; one that breaks a rule is
 * skipped, with its reason, and the rest sync.
 */
export const SYNC_LIMITS = {
  /** jobs.external_id: an Airtable record id, or a feed job's `id`. */
  externalId: 200,
  /** jobs.salary_text */
  salaryText: 200,
  /** companies.description (text): as long as a job description. */
  companyDescription: 20_000,
  /** companies.website_url, companies.logo_url */
  url: 2000,
  /** Entries of responsibilities / requirements / benefits, and the length of each. */
  listItems: 50,
  listItem: 2000,
  /** Records one sync reads at most: a source past it is refused whole (nothing changes). */
  records: 20_000,
  /** Skipped records kept with a sync's report (the count covers all of them). */
  reportedSkips: 100,
  /** jobs.experience_level */
  experienceLevel: 40,
  /** sync_runs.error */
  error: 1000,
  /** Sync records kept (the newest): a schedule every few minutes would otherwise grow it forever. */
  keptRuns: 100,
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

/** What one sync did to the jobs, as every report of it counts them. */
const syncCounts = {
  created: integer(),
  updated: integer(),
  unchanged: integer(),
  deactivated: integer(),
  skipped: integer(),
  skippedRecords: array(SkippedRecord),
};

/**
 * `GET /api/refresh-jobs`: what a re-sync changed. `source` is the source's name (null when none
 * is configured, and nothing was done); `skippedRecords` lists the first SYNC_LIMITS.reportedSkips
 * of the `skipped` records.
 */
export const RefreshResult = object({
  source: nullable(string()),
  ...syncCounts,
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
  /** Why a failed sync changed nothing. */
  error: nullable(string()),
});
export type SyncRun = Infer<typeof SyncRun>;

/** `GET /api/admin/sync/last`: the configured source's name (or null) and the latest sync. */
export const LastSync = object({ source: nullable(string()), last: nullable(SyncRun) });
export type LastSync = Infer<typeof LastSync>;

/** The toast after a sync (SPEC.md 8: 'Jobs refreshed from' the external database service). */
export function refreshSummary(
  result: Pick<RefreshResult, 'created' | 'updated' | 'deactivated' | 'skipped'>,
): string {
  return `${result.created} created, ${result.updated} updated, ${result.deactivated} deactivated, ${result.skipped} skipped`;
}
