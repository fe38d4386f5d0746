import { describe, expect, it } from 'vitest';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  AmountUpdate,
  MAX_AMOUNT_CENTS,
  PromoCodeInput,
} from '../admin';
import { MAX_INT4 } from '../job';
import { SearchRequest } from '../search';
import { SubmissionPayload } from '../submission';
import {
  BROKEN_CHARACTER,
  NUL_CHARACTER,
  check,
  findBrokenCharacter,
  findNulCharacter,
} from '../validate';
import { VALID_SUBMISSION } from '../testing/submission-cases';

describe('text PostgreSQL cannot store', () => {
  it('names where a NUL character is, in values and in keys', () => {
    expect(findNulCharacter('a\u0000')).toBe('body');
    expect(findNulCharacter({ a: [{ b: 'x' }, { c: 'y\u0000' }] })).toBe('a.1.c');
    expect(findNulCharacter({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNulCharacter({ a: ['fine', 2, null, true] })).toBeNull();
  });

  it('walks deeply nested input without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNulCharacter(deep)).toMatch(/^0(\.0)*$/);
  });

  it('names where half of a surrogate pair is, and lets whole pairs (emoji) through', () => {
    expect(findBrokenCharacter('a\ud800')).toBe('body');
    expect(findBrokenCharacter({ locations: ['Paris', 'x\udc00y'] })).toBe('locations.1');
    expect(findBrokenCharacter({ ['k\udbff']: 1 })).toBe('k\udbff');
    expect(findBrokenCharacter({ title: '😀 Île-de-France', n: 1 })).toBeNull();
    expect(check(SearchRequest, { category: ['\ud800'] })).toEqual({
      ok: false,
      errors: { 'category.0': BROKEN_CHARACTER },
    });
  });

  it('is refused by every struct, the search and the submission alike', () => {
    expect(check(SubmissionPayload, { ...VALID_SUBMISSION, title: 'a\u0000b' })).toEqual({
      ok: false,
      errors: { title: NUL_CHARACTER },
    });
    expect(check(SearchRequest, { location: 'Portland\u0000' })).toEqual({
      ok: false,
      errors: { location: NUL_CHARACTER },
    });
  });
});

describe('admin values bounded by their columns', () => {
  it('takes amounts up to $999,999.99, inside an int4 column', () => {
    expect(MAX_AMOUNT_CENTS).toBeLessThan(MAX_INT4);
    expect(check(AmountUpdate, { amount: MAX_AMOUNT_CENTS }).ok).toBe(true);
    expect(check(AmountUpdate, { amount: MAX_AMOUNT_CENTS + 1 })).toEqual({
      ok: false,
      errors: { amount: ADMIN_MESSAGES.amountTooLarge },
    });
  });

  it('bounds a promo code description and its limits', () => {
    const promo = { code: 'SAVE', percentOff: 10 };
    expect(
      check(PromoCodeInput, { ...promo, description: 'd'.repeat(ADMIN_LIMITS.promoDescription) })
        .ok,
    ).toBe(true);
    expect(
      check(PromoCodeInput, {
        ...promo,
        description: 'd'.repeat(ADMIN_LIMITS.promoDescription + 1),
      }),
    ).toMatchObject({ ok: false, errors: { description: ADMIN_MESSAGES.tooLong(300) } });
    expect(check(PromoCodeInput, { ...promo, maxRedemptions: MAX_INT4 + 1 }).ok).toBe(false);
  });
});
