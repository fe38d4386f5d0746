import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatDeadline,
  formatSalary,
  formatUsDate,
  formatUsd,
  shorten,
} from '../format/format';

describe('display rules (docs/product.md#states-and-transitions)', () => {
  it('shows money as USD without decimals', () => {
    expect(formatUsd(60000)).toBe('$60,000');
    expect(formatUsd(59999.6)).toBe('$60,000');
    expect(formatCents(9900)).toBe('$99');
    expect(formatCents(12345)).toBe('$123.45');
  });

  it("shows dates in US long form, whatever the reader's time zone", () => {
    expect(formatUsDate('2026-11-22')).toBe('November 22, 2026');
    expect(formatUsDate('2027-01-01')).toBe('January 1, 2027');
    expect(formatUsDate('3 days ago')).toBe('3 days ago');
  });

  it.each([
    ['3-15-2027', 'March 15, 2027'],
    ['2027-3-5', 'March 5, 2027'],
    ['Deadline: 12-1-2026', 'December 1, 2026'],
    ['2027-03-15', 'March 15, 2027'],
    ['Rolling basis', 'Rolling basis'],
    ['2-30-2027', '2-30-2027'],
  ])('formats the deadline %j as %j', (text, shown) => {
    expect(formatDeadline(text)).toBe(shown);
  });

  it('shows pay with its period, else its words (the contract\u2019s formatSalary)', () => {
    const pay = { min: 60000, max: 75000, period: 'year' as const, currency: 'USD' };
    expect(formatSalary({ pay })).toBe('$60,000 - $75,000 a year');
    expect(formatSalary({ pay: { ...pay, max: null } })).toBe('From $60,000 a year');
    expect(formatSalary({ pay: { ...pay, min: null, max: 90000 } })).toBe('Up to $90,000 a year');
    expect(formatSalary({ pay: { ...pay, min: 25, max: 30, period: 'hour' } })).toBe(
      '$25 - $30 an hour',
    );
    // An older API's answer: yearly figures alone.
    expect(formatSalary({ salaryMin: 45000, salaryMax: null })).toBe('From $45,000 a year');
    expect(formatSalary({ salary: 'DOE', salaryMin: null, salaryMax: null })).toBe('DOE');
    expect(formatSalary({ salaryMin: null, salaryMax: null })).toBeUndefined();
  });

  it('shortens long text to the limit and marks the cut', () => {
    const url = `https://example.org/${'a'.repeat(60)}`;
    expect(shorten(url, 50)).toBe(`${url.slice(0, 50)}...`);
    expect(shorten('https://example.org', 50)).toBe('https://example.org');
  });
});
