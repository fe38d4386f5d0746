/** The re-sync from the configured source and what it left (api/src/sync/). */
import { type Endpoint, Message } from '../endpoint';
import { byId } from './params';
import { LastSync, RefreshResult, SYNC_CONFLICT_MESSAGES } from '../sync';

export const refreshJobs = {
  method: 'GET',
  path: '/api/refresh-jobs',
  summary:
    'Re-syncs the jobs from the configured source (Airtable or a JSON feed) and reports the counts; 409 while a sync runs, 502 when the source fails.',
  response: RefreshResult,
} as const satisfies Endpoint;
export const lastSync = {
  method: 'GET',
  path: '/api/admin/sync/last',
  summary:
    "The configured source's name and its last sync: counts, skipped records, conflicts still open, or the failure.",
  response: LastSync,
} as const satisfies Endpoint;
/** A deleted synced job is forgotten as deleted: the next sync creates it again from its source. */
export const restoreSyncedJob = {
  method: 'POST',
  path: '/api/admin/sync/deleted/:id/restore',
  summary: 'A deleted synced job may be created again by the next sync.',
  ...byId(SYNC_CONFLICT_MESSAGES.deletionNotFound),
  response: Message,
} as const satisfies Endpoint;
