import { describe, expect, it } from 'vitest';
import { formatCents, formatUsd } from '../money';

describe('money and salaries as every app shows them', () => {
  it('shows cents as dollars, with cents only when there are some', () => {
    expect(formatCents(9_900)).toBe('$99');
    expect(formatCents(12_345)).toBe('$123.45');
    expect(formatCents(123_400)).toBe('$1,234');
    expect(formatUsd(59_999.6)).toBe('$60,000');
  });
});
