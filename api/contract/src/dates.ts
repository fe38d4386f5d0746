/**
 * Deadline text as the board reads it (SPEC.md 3 and 4): an optional 'Deadline:' prefix, then
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

export function stripDeadlinePrefix(text: string): string {
  return text.replace(/^\s*deadline:\s*/i, '').trim();
}

/** YYYY-MM-DD for a real calendar date, null for one like 2-30-2027. */
export function isoDateOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.toISOString().slice(0, 10) : null;
}

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
