/**
 * Days and dates, one home for each (issue 41, R10): a day's length, a moment's calendar date and
 * the first instant of a date, all in UTC, as the board has no time zone setting; the API, the
 * front ends and the tools read them from here rather than writing `toISOString().slice(0, 10)`
 * or `24 * 60 * 60 * 1000` again.
 */

/** A day in milliseconds (a UTC day: no summer time). */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date (UTC) of a moment, YYYY-MM-DD. */
export function isoDate(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** The moment `days` days (of DAY_MS, negative: before) after `instant`. */
export function addDays(instant: Date | number, days: number): Date {
  return new Date(new Date(instant).getTime() + days * DAY_MS);
}

/** The first instant (epoch ms, UTC) of a date written YYYY-MM-DD. */
export const dayStartsAt = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);

/** The first instant after a date's whole day (epoch ms, UTC): when a day given as an end ends. */
export const dayEndsAt = (iso: string): number => dayStartsAt(iso) + DAY_MS;

/**
 * Deadline text as the board reads it (docs/product.md#entities and docs/product.md#states-and-transitions): an optional 'Deadline:' prefix, then
 * M-D-YYYY or YYYY-M-D (with '-', '/' or '.'). The API stores what it can read as YYYY-MM-DD; the
 * board formats it; anything unreadable is kept and shown as given.
 */

const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const MONTH_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/** The deadline as YYYY-MM-DD, or null when the text is not a real date in either form. */
export function parseDeadline(text: string): string | null {
  const raw = stripDeadlinePrefix(text);
  const yearFirst = YEAR_FIRST.exec(raw);
  const monthFirst = MONTH_FIRST.exec(raw);
  const [y, m, d] = yearFirst
    ? [yearFirst[1], yearFirst[2], yearFirst[3]]
    : monthFirst
      ? [monthFirst[3], monthFirst[1], monthFirst[2]]
      : [];
  if (!y || !m || !d) return null;
  return isoDateOf(Number(y), Number(m), Number(d));
}

/** What is stored for a deadline: YYYY-MM-DD when readable, else the text without its prefix. */
export function normaliseDeadline(text: string): string {
  return parseDeadline(text) ?? stripDeadlinePrefix(text);
}

/**
 * When a job with this deadline stops taking applications (docs/product.md#states-and-transitions):
 * the first instant after its deadline day, in UTC (epoch ms), so a job is open through the whole
 * deadline day. Null when the text is not a date ('Rolling', 'Open until filled', 'ASAP'): such a
 * deadline never closes a job.
 */
export function deadlineEndsAt(text: string | null | undefined): number | null {
  const iso = text ? parseDeadline(text) : null;
  return iso === null ? null : dayEndsAt(iso);
}

export function stripDeadlinePrefix(text: string): string {
  return text.replace(/^\s*deadline:\s*/i, '').trim();
}

/** YYYY-MM-DD for a real calendar date, null for one like 2-30-2027. */
export function isoDateOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? isoDate(date) : null;
}

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

// Calendar dates carry no time zone: format them in UTC so no reader sees the day before.
const usLongDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * '2026-11-22' -> 'November 22, 2026'; any other text as given (e.g. 'Today', '3 days ago'). The
 * front ends show dates so, and the API writes them so where a reader sees them (the newsletter
 * block, issue 44).
 */
export function formatUsDate(text: string): string {
  if (!ISO_DATE_PATTERN.test(text)) return text;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? text : usLongDate.format(date);
}

/** Days in each unit of a relative posted date ('3 weeks ago'); a month is taken as 30 days. */
const RELATIVE_UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

/**
 * A job's posted date (docs/product.md#entities: 'a date string or relative text') as YYYY-MM-DD, resolved
 * against `now`: 'Today', 'Just posted' and 'Recently' are today, 'Yesterday' the day before,
 * 'N day(s) / week(s) / month(s) / year(s) ago' (also 'a week ago') that many days back;
 * YYYY-MM-DD, M-D-YYYY or an ISO instant are the date they name. Null for anything else.
 */
export function parsePostedDate(text: string, now: Date): string | null {
  const raw = text.trim().toLowerCase();
  const daysAgo = (days: number) => isoDate(addDays(now, -days));
  if (raw === 'today' || raw === 'just posted' || raw === 'recently' || raw === 'new') {
    return daysAgo(0);
  }
  if (raw === 'yesterday') return daysAgo(1);
  const relative = /^(\d{1,4}|an?|one)\s+(day|week|month|year)s?\s+ago$/.exec(raw);
  if (relative) {
    const count = /^\d+$/.test(relative[1]!) ? Number(relative[1]) : 1;
    return daysAgo(count * RELATIVE_UNIT_DAYS[relative[2]!]!);
  }
  const instant = /^(\d{4}-\d{2}-\d{2})T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?$/i.exec(text.trim());
  if (instant && !Number.isNaN(Date.parse(text.trim()))) {
    return isoDate(new Date(text.trim()));
  }
  return parseDeadline(text.trim());
}
