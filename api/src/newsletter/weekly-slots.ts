import { DAY_MS, dayStartsAt, isoDate } from '@jobboard/contract/common';

const HOUR_MS = 60 * 60_000;
export const WEEK_MS = 7 * DAY_MS;

/**
 * The weekly draft's slot at or before `now`: the latest moment that is `weekday` (0: Sunday, as
 * Date.getUTCDay()) at `hour`:00, UTC (the board has no time zone setting).
 */
export function slotAtOrBefore(now: Date, weekday: number, hour: number): number {
  const today = dayStartsAt(isoDate(now));
  const daysBack = (new Date(today).getUTCDay() - weekday + 7) % 7;
  const slot = today - daysBack * DAY_MS + hour * HOUR_MS;
  return slot > now.getTime() ? slot - WEEK_MS : slot;
}

/** The next slot after `now`. */
export const nextSlot = (now: Date, weekday: number, hour: number): number =>
  slotAtOrBefore(now, weekday, hour) + WEEK_MS;
