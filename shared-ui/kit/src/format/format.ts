import { ISO_DATE_PATTERN, parseDeadline, stripDeadlinePrefix } from '@jobboard/contract/common';

/** Display rules of docs/product.md 4. */

// Money and salaries are shown alike by the front ends and the API's e-mails: the contract's rules.
export { formatCents, formatUsd } from '@jobboard/contract/common';
export { formatSalary } from '@jobboard/contract/jobs';

// Calendar dates carry no time zone: format them in UTC so no reader sees the day before.
const usLongDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11-22' -> 'November 22, 2026'; any other text as given (e.g. 'Today', '3 days ago'). */
export function formatUsDate(text: string): string {
  if (!ISO_DATE_PATTERN.test(text)) return text;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? text : usLongDate.format(date);
}

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
