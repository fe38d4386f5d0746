import { describe, expect, it } from 'vitest';
import { formatCents, formatUsd } from '../money';
import { formatSalary, salaryFromFigures } from '../salary';

describe('money and salaries as every app shows them', () => {
  it('shows cents as dollars, with cents only when there are some', () => {
    expect(formatCents(9_900)).toBe('$99');
    expect(formatCents(12_345)).toBe('$123.45');
    expect(formatCents(123_400)).toBe('$1,234');
    expect(formatUsd(59_999.6)).toBe('$60,000');
  });

  it('shows a salary from its figures, else its text', () => {
    expect(salaryFromFigures(60_000, 75_000)).toBe('$60,000 - $75,000');
    expect(salaryFromFigures(60_000, 60_000)).toBe('$60,000');
    expect(salaryFromFigures(60_000, null)).toBe('$60,000+');
    expect(salaryFromFigures(null, 75_000)).toBe('Up to $75,000');
    expect(salaryFromFigures(null, null)).toBeUndefined();
    expect(formatSalary({ salary: 'DOE', salaryMin: 50_000, salaryMax: null })).toBe('$50,000+');
    expect(formatSalary({ salary: 'DOE' })).toBe('DOE');
    expect(formatSalary({ salary: '' })).toBeUndefined();
  });
});
