/**
 * The application-link checker (platform/config.ts; issue 45, link-checks/,
 * docs/configuration.md#application-link-checks): how often a process runs it, how much one run
 * checks, how often a link is checked again, and how gently it asks each host.
 */
import { parseCount, parseTimeout } from '../config-values';
import type { Read } from './env';

export interface LinkCheckConfig {
  /**
   * LINK_CHECK_INTERVAL_MINUTES: how often a process runs the checker (and at start); 0: never
   * (`jobboard links check` from cron instead).
   */
  intervalMinutes: number;
  /** LINK_CHECK_BATCH: the most listings one run checks, those checked longest ago first. */
  batch: number;
  /** LINK_CHECK_RECHECK_HOURS: how long a link that answered (or is flagged) waits to be checked again. */
  recheckHours: number;
  /**
   * LINK_CHECK_RETRY_MINUTES: how soon a link that failed is checked again, doubled at each
   * failure in a row up to LINK_CHECK_RECHECK_HOURS.
   */
  retryMinutes: number;
  /** LINK_CHECK_TIMEOUT_SECONDS: how long one request may take (ms here: tests set less than a second). */
  timeoutMs: number;
  /** LINK_CHECK_HOST_GAP_SECONDS: the least time between two requests to one host (ms here). */
  hostGapMs: number;
  /** LINK_CHECK_CONCURRENCY: how many hosts one run asks at once. */
  concurrency: number;
}

function within(min: number, max: number, unit: string) {
  return (raw: string): number => {
    const n = Number(raw);
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    throw new Error(`must be a whole number of ${unit} from ${min} to ${max}`);
  };
}

/** The checker's settings (Config's `linkChecks`). */
export function readLinkChecks(read: Read): LinkCheckConfig {
  return {
    intervalMinutes: read('LINK_CHECK_INTERVAL_MINUTES', parseCount, 10),
    batch: read('LINK_CHECK_BATCH', within(1, 10_000, 'listings'), 500),
    recheckHours: read('LINK_CHECK_RECHECK_HOURS', within(1, 24 * 30, 'hours'), 24),
    retryMinutes: read('LINK_CHECK_RETRY_MINUTES', within(1, 24 * 60, 'minutes'), 60),
    timeoutMs: read('LINK_CHECK_TIMEOUT_SECONDS', parseTimeout, 10) * 1000,
    hostGapMs: read('LINK_CHECK_HOST_GAP_SECONDS', within(1, 60, 'seconds'), 1) * 1000,
    concurrency: read('LINK_CHECK_CONCURRENCY', within(1, 64, 'hosts'), 8),
  };
}
