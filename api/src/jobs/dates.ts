const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar date as YYYY-MM-DD (UTC). */
export function isoDate(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

export function addDays(instant: Date | number, days: number): Date {
  return new Date(new Date(instant).getTime() + days * DAY_MS);
}
