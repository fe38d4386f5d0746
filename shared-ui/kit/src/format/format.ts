import { formatUsDate, parseDeadline, stripDeadlinePrefix } from '@jobboard/contract/common';

/** Display rules of docs/product.md 4. */

// Money, salaries and dates are shown alike by the front ends and the API's e-mails and newsletter
// block: the contract's rules.
export { formatCents, formatUsd, formatUsDate } from '@jobboard/contract/common';
export { formatSalary } from '@jobboard/contract/jobs';

/**
 * A deadline in US long form when it reads as M-D-YYYY or YYYY-M-D (with or without a
 * 'Deadline:' prefix); an unreadable deadline is shown as given.
 */
export function formatDeadline(text: string): string {
  const iso = parseDeadline(text);
  return iso ? formatUsDate(iso) : stripDeadlinePrefix(text) || text;
}

/** The first `max` characters of a text, then '...' when it was longer. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}...`;
}
