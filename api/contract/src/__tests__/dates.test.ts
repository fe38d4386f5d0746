import { describe, expect, it } from 'vitest';
import { normaliseDeadline, parseDeadline } from '../dates';

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
