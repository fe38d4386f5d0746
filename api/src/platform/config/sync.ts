/** The re-sync's source (platform/config.ts): Airtable or a JSON feed, and its pace. */
import {
  parseAirtableBase,
  parseHttpUrl,
  parseSyncInterval,
  parseTimeout,
  parseWaitSeconds,
} from '../config-values';
import type { Read } from './env';

/**
 * Where synced jobs come from: Airtable or a JSON feed, never both (docs/architecture.md,
 * Re-sync).
 */
export interface SyncConfig {
  source:
    | { kind: 'airtable'; apiKey: string; baseId: string; table: string; apiUrl: string }
    | { kind: 'json-feed'; url: string };
  /** SYNC_INTERVAL_MINUTES: a sync every this many minutes in the API process; 0 is off. */
  intervalMinutes: number;
  /** SYNC_REQUEST_TIMEOUT_SECONDS: how long one request to the source may take. */
  requestTimeoutSeconds: number;
  /** SYNC_RETRY_WAIT_SECONDS: the wait after a 429 that names no Retry-After (Airtable's 30 s). */
  retryWaitSeconds: number;
}

/** The sync's settings; null when no source is set. */
export function readSync(read: Read, problems: string[]): SyncConfig | null {
  const airtable = {
    apiKey: read('AIRTABLE_API_KEY', (v) => v, ''),
    baseId: read('AIRTABLE_BASE_ID', parseAirtableBase, ''),
    table: read('AIRTABLE_TABLE', (v) => v, ''),
    apiUrl: read('AIRTABLE_API_URL', parseHttpUrl, 'https://api.airtable.com/v0').replace(
      /\/+$/,
      '',
    ),
  };
  const feedUrl = read('JOB_FEED_URL', parseHttpUrl, '');
  const airtableSet = [airtable.apiKey, airtable.baseId, airtable.table].filter(Boolean).length;
  if (airtableSet > 0 && airtableSet < 3) {
    problems.push('AIRTABLE_API_KEY, AIRTABLE_BASE_ID and AIRTABLE_TABLE must be set together');
  }
  if (airtableSet === 3 && feedUrl) {
    problems.push('Set either the AIRTABLE_* variables or JOB_FEED_URL: jobs sync from one source');
  }
  const syncSource: SyncConfig['source'] | null =
    airtableSet === 3
      ? { kind: 'airtable', ...airtable }
      : feedUrl
        ? { kind: 'json-feed', url: feedUrl }
        : null;
  const syncSettings = {
    intervalMinutes: read('SYNC_INTERVAL_MINUTES', parseSyncInterval, 0),
    requestTimeoutSeconds: read('SYNC_REQUEST_TIMEOUT_SECONDS', parseTimeout, 20),
    retryWaitSeconds: read('SYNC_RETRY_WAIT_SECONDS', parseWaitSeconds, 30),
  };
  return syncSource && { source: syncSource, ...syncSettings };
}
