import { linkCheckAnswer, type ApplyLinkCheck } from '@jobboard/contract/jobs';
import type { StoredCheck } from './verdict';

const iso = (ms: number) => new Date(ms).toISOString();

/** A job's last check as the admin's job page and the employer's page show it (the contract's). */
export function applyLinkCheckOf(check: StoredCheck): ApplyLinkCheck {
  return {
    url: check.url,
    result: check.result,
    status: check.status,
    answer: linkCheckAnswer(check.result, check.status),
    checkedAt: iso(check.checkedAt),
    failures: check.failures,
    flagged: check.flaggedAt !== null,
    flaggedAt: check.flaggedAt === null ? null : iso(check.flaggedAt),
  };
}

/** Printable ASCII only: a header's value, whatever the board's name is written in. */
const headerSafe = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[()]/g, '')
    .trim();

/**
 * The User-Agent the checker declares (docs/operations.md#application-link-checks): a product a
 * site's firewall can allow by name, with the board's address and name, so whoever reads their
 * logs knows who asked and where to look.
 */
export function linkCheckUserAgent(site: { publicUrl: string; boardName: string }): string {
  const name = headerSafe(site.boardName);
  return `JobboardLinkCheck/1.0 (+${headerSafe(site.publicUrl)}${name ? `; ${name}` : ''})`;
}
