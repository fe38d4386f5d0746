import { describe, expect, it } from 'vitest';
import { TYPO_FIX_LIMITS, editDistance, isTypoFix } from '../proposals';

const LONG = 'Lead our communications team and tell the story of the movement. '.repeat(10);

describe('editDistance', () => {
  it('counts characters inserted, removed and replaced', () => {
    expect(editDistance('kitten', 'sitting', 10)).toBe(3);
    expect(editDistance('same', 'same', 10)).toBe(0);
    expect(editDistance('', 'abc', 10)).toBe(3);
    expect(editDistance('café', 'cafe', 10)).toBe(1);
  });

  it('stops at its limit and says it was exceeded', () => {
    expect(editDistance('a'.repeat(50), 'b'.repeat(50), 5)).toBe(6);
    expect(editDistance('short', 'a much longer text altogether', 5)).toBe(6);
  });

  /** The whole Levenshtein table, as the function computed it before (issue 43, finding 3). */
  function fullTable(a: string, b: string): number {
    const s = Array.from(a);
    const t = Array.from(b);
    let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
    for (let i = 1; i <= s.length; i += 1) {
      const current = [i];
      for (let j = 1; j <= t.length; j += 1) {
        const cost = s[i - 1] === t[j - 1] ? 0 : 1;
        current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
      }
      previous = current;
    }
    return previous[t.length]!;
  }

  it('agrees with the whole table on thousands of pairs, up to its limit', () => {
    // A fixed sequence (a linear congruential generator): the same pairs on every run.
    let seed = 42;
    const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    const word = () => Array.from({ length: next(12) }, () => 'abcé😀'[next(5)]).join('');
    for (let n = 0; n < 3_000; n += 1) {
      const a = word();
      const b = next(2)
        ? word()
        : a.slice(0, next(a.length + 1)) + word() + a.slice(next(a.length + 1));
      const limit = next(7);
      const whole = fullTable(a, b);
      expect(editDistance(a, b, limit), `${a} -> ${b} within ${limit}`).toBe(
        whole > limit ? limit + 1 : whole,
      );
    }
  });

  it('does work in proportion to the text times the limit, not the text squared (issue 43, finding 3)', () => {
    // A 20,000-character description with its first and last character changed took 6.2 s on the
    // event loop with the whole table (400 million cells).
    const text = 'Lead our communications and tell the story. '.repeat(455).slice(0, 20_000);
    const changed = `X${text.slice(1, -1)}Y`;
    const meter = { cells: 0 };
    expect(editDistance(text, changed, TYPO_FIX_LIMITS.maxChars, meter)).toBe(2);
    expect(meter.cells).toBeGreaterThan(0);
    expect(meter.cells).toBeLessThanOrEqual(20_000 * (2 * TYPO_FIX_LIMITS.maxChars + 1));
  });
});

describe('isTypoFix', () => {
  const description = (to: string) => [{ field: 'description', from: LONG, to }];

  it('takes a small change of a long text', () => {
    expect(isTypoFix(description(LONG.replace('movement', 'movemnet')))).toBe(true);
  });

  it(`refuses more than ${TYPO_FIX_LIMITS.maxChars} characters`, () => {
    expect(isTypoFix(description(`${LONG}${'x'.repeat(TYPO_FIX_LIMITS.maxChars + 1)}`))).toBe(
      false,
    );
  });

  it(`refuses more than ${TYPO_FIX_LIMITS.maxShare * 100}% of a short text`, () => {
    const from = 'A short text of sixty characters or so, for the share limit.';
    expect(
      isTypoFix([{ field: 'description', from, to: from.replace('sixty', 'seventy-one') }]),
    ).toBe(false);
  });

  it('refuses any other field, and no change at all', () => {
    expect(isTypoFix([{ field: 'title', from: 'Organizer', to: 'Organiser' }])).toBe(false);
    expect(isTypoFix([])).toBe(false);
  });

  it('counts the changes of several long texts together', () => {
    const list = ['Health insurance', 'Four weeks of leave'];
    const description = { field: 'description', from: LONG, to: `${LONG}Ten chars.` };
    const benefits = { field: 'benefits', from: list, to: [...list, 'Ten chars.'] };
    expect(isTypoFix([description])).toBe(true);
    expect(isTypoFix([benefits])).toBe(false);
    expect(isTypoFix([{ ...benefits, from: [...list, LONG], to: [...list, LONG, 'Ten'] }])).toBe(
      true,
    );
    expect(isTypoFix([description, { ...benefits, from: [LONG], to: [LONG, 'Ten chars.'] }])).toBe(
      false,
    );
  });
});
