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
