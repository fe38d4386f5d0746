import { DEAD_CHECKS_TO_FLAG, isDeadResult, type LinkCheckResult } from '@jobboard/contract/jobs';
import type { ProbeAnswer } from './link-probe';

/** A job's last check as `job_link_checks` keeps it (times in epoch ms). */
export interface StoredCheck {
  jobId: number;
  /** The link as checked: a job whose link is another now starts again. */
  url: string;
  result: LinkCheckResult;
  status: number | null;
  detail: string | null;
  checkedAt: number;
  /** Checks in a row that failed, of any kind (a refusal by the guard is none). */
  failures: number;
  /** Checks in a row of the dead kinds (any other answer ends the row). */
  deadInARow: number;
  flaggedAt: number | null;
  /** When the employer was e-mailed about this link (once per link). */
  mailedAt: number | null;
  /** When it is checked again: the checker's order. */
  dueAt: number;
}

/** How soon a link is checked again (LINK_CHECK_RECHECK_HOURS, LINK_CHECK_RETRY_MINUTES). */
export interface CheckTiming {
  recheckMs: number;
  retryMs: number;
}

/** Widest detail kept (job_link_checks.detail); a longer one is cut. */
export const DETAIL_MAX = 200;
/** A count in a row stops here (an int column; a link failing hourly for a year is far below). */
export const COUNT_MAX = 100_000;

/** What one check changes: the row to keep, the job's flag to set or clear, an e-mail to send. */
export interface Verdict {
  row: StoredCheck;
  flag: 'flag' | 'clear' | null;
  /** The employer is told: first flagged, for this link. */
  mail: boolean;
}

/**
 * The rules of docs/product.md#dead-application-links, on one check's answer:
 * - an answer (2xx) clears everything: no failures, no flag;
 * - a dead answer (404, 410, no such host, TLS, refused) adds to both rows; the
 *   DEAD_CHECKS_TO_FLAG-th in a row flags the listing, and its employer is e-mailed the first
 *   time this link is flagged;
 * - any other failure (a timeout, a 5xx, another status, a redirect loop, a connection cut) adds
 *   to the failures and ends the row of dead answers: a slow or overloaded server, or one that
 *   turns robots away, never flags a listing; a flag already there stays;
 * - the guard's refusal (a private address) is our own: nothing counts, nothing changes.
 * A link that failed is checked again after LINK_CHECK_RETRY_MINUTES, doubled at each failure
 * in a row, never later than LINK_CHECK_RECHECK_HOURS, which is the wait of a link that
 * answered, is flagged or was refused.
 */
export function verdictOf(
  before: StoredCheck | undefined,
  checked: { jobId: number; url: string },
  answer: Pick<ProbeAnswer, 'result' | 'status' | 'detail'>,
  now: number,
  timing: CheckTiming,
): Verdict {
  // A check of another link (the job's link changed) is no row of this one's.
  const prev = before && before.url === checked.url ? before : undefined;
  const failures = prev?.failures ?? 0;
  const deadInARow = prev?.deadInARow ?? 0;
  const flaggedAt = prev?.flaggedAt ?? null;
  const mailedAt = prev?.mailedAt ?? null;
  const base = {
    ...checked,
    result: answer.result,
    status: answer.status,
    detail: answer.detail === null ? null : answer.detail.slice(0, DETAIL_MAX),
    checkedAt: now,
    mailedAt,
  };
  const recheck = now + timing.recheckMs;
  if (answer.result === 'guard') {
    const row = { ...base, failures, deadInARow, flaggedAt, dueAt: recheck };
    return { row, flag: null, mail: false };
  }
  if (answer.result === 'ok') {
    const row = { ...base, failures: 0, deadInARow: 0, flaggedAt: null, dueAt: recheck };
    return { row, flag: flaggedAt === null ? null : 'clear', mail: false };
  }
  const failed = Math.min(failures + 1, COUNT_MAX);
  const dead = isDeadResult(answer.result) ? Math.min(deadInARow + 1, COUNT_MAX) : 0;
  const flagsNow = flaggedAt === null && dead >= DEAD_CHECKS_TO_FLAG;
  const flagged = flagsNow ? now : flaggedAt;
  const mail = flagsNow && mailedAt === null;
  const retry = Math.min(timing.retryMs * 2 ** Math.min(failed - 1, 30), timing.recheckMs);
  return {
    row: {
      ...base,
      failures: failed,
      deadInARow: dead,
      flaggedAt: flagged,
      mailedAt: mail ? now : mailedAt,
      dueAt: flagged === null ? now + retry : recheck,
    },
    flag: flagsNow ? 'flag' : null,
    mail,
  };
}
