import { ISO_DATE_PATTERN, parseDeadline, stripDeadlinePrefix } from '@jobboard/contract';

/** Display rules of SPEC.md 4. */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** 60000 -> '$60,000' (USD, no decimals). */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** Cents as dollars, for amounts stored in cents: 9900 -> '$99'. */
export function formatCents(cents: number): string {
  return Number.isInteger(cents / 100)
    ? usd.format(cents / 100)
    : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

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

/** The salary line of a job: its figures as USD when it has them, else its salary text. */
export function formatSalary(job: {
  salary?: string;
  salaryMin?: number | null;
  salaryMax?: number | null;
}): string | undefined {
  const { salaryMin: min, salaryMax: max } = job;
  if (min != null && max != null)
    return min === max ? formatUsd(min) : `${formatUsd(min)} - ${formatUsd(max)}`;
  if (min != null) return `${formatUsd(min)}+`;
  if (max != null) return `Up to ${formatUsd(max)}`;
  return job.salary || undefined;
}

/** The first `max` characters of a text, then '...' when it was longer. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}...`;
}
