import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  addDays,
  dayEndsAt,
  dayStartsAt,
  deadlineEndsAt,
  isoDate,
  normaliseDeadline,
  parseDeadline,
} from '../dates';

describe('days and dates, in UTC', () => {
  it('gives the calendar date of a moment in UTC, whatever the hour', () => {
    expect(isoDate(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31');
    expect(isoDate(Date.parse('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
  });

  it('moves a moment by whole days, forwards and back', () => {
    const at = new Date('2026-03-28T12:00:00Z');
    expect(addDays(at, 2).toISOString()).toBe('2026-03-30T12:00:00.000Z');
    expect(addDays(at.getTime(), -28).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addDays(at, 1).getTime() - at.getTime()).toBe(DAY_MS);
  });

  it("gives a date's first instant and the first instant after its whole day", () => {
    expect(dayStartsAt('2026-12-01')).toBe(Date.parse('2026-12-01T00:00:00Z'));
    expect(dayEndsAt('2026-12-31')).toBe(Date.parse('2027-01-01T00:00:00Z'));
    expect(deadlineEndsAt('12-31-2026')).toBe(dayEndsAt('2026-12-31'));
  });
});

describe('deadline text (docs/product.md#entities and docs/product.md#states-and-transitions)', () => {
  it.each([
    ['2027-03-15', '2027-03-15'],
    ['2027-3-5', '2027-03-05'],
    ['3-15-2027', '2027-03-15'],
    ['3/5/2027', '2027-03-05'],
    ['Deadline: 3-15-2027', '2027-03-15'],
    ['deadline:   12-1-2026 ', '2026-12-01'],
    ['2028-02-29', '2028-02-29'],
  ])('reads %j as %s', (text, iso) => {
    expect(parseDeadline(text)).toBe(iso);
    expect(normaliseDeadline(text)).toBe(iso);
  });

  it.each(['2-30-2027', '2027-13-01', 'Rolling', 'ASAP', '15-3-2027', ''])(
    'keeps unreadable %j as given (without the prefix)',
    (text) => {
      expect(parseDeadline(text)).toBeNull();
      expect(normaliseDeadline(`Deadline: ${text}`)).toBe(text.trim());
    },
  );
});

describe('deadlineEndsAt (when a deadline closes a job)', () => {
  it('is the first instant after the deadline day in UTC, whatever form the date is in', () => {
    const end = Date.parse('2027-03-16T00:00:00Z');
    expect(deadlineEndsAt('2027-03-15')).toBe(end);
    expect(deadlineEndsAt('Deadline: 3/15/2027')).toBe(end);
    expect(deadlineEndsAt('2027-12-31')).toBe(Date.parse('2028-01-01T00:00:00Z'));
  });

  it.each(['Rolling', 'Open until filled', 'ASAP', '2-30-2027', '', null, undefined])(
    'never closes a job for %j',
    (text) => {
      expect(deadlineEndsAt(text)).toBeNull();
    },
  );
});
