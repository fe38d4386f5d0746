import { check } from '@jobboard/contract/common';
import { MAX_INT4, RECORD_ID_PATTERN, RecordId, parseRecordId } from '@jobboard/contract/jobs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns } from '../../support/fuzz';

/** What an id text should mean, worked out with big integers: the number, or null. */
function expected(text: string): number | null {
  if (!/^[1-9]\d*$/.test(text)) return null;
  const n = BigInt(text);
  return n >= 1n && n <= BigInt(MAX_INT4) ? Number(n) : null;
}

describe('record ids (one struct for every id in a URL)', () => {
  it('accepts exactly the whole numbers from 1 to MAX_INT4 written plainly', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: 0n, max: 10n ** 17n }).map(String),
          fc.bigInt({ min: BigInt(MAX_INT4) - 1000n, max: BigInt(MAX_INT4) + 1000n }).map(String),
          fc
            .integer({ min: 0, max: 10 })
            .chain((digits) => fc.stringMatching(new RegExp(`^[0-9]{${digits + 1}}$`))),
          fc.string({ maxLength: 12 }),
        ),
        (text) => {
          expect(parseRecordId(text)).toBe(expected(text));
          expect(RECORD_ID_PATTERN.test(text)).toBe(expected(text) !== null);
        },
      ),
      { numRuns: fuzzRuns(5_000) },
    );
  });

  it('draws the line at the int4 maximum', () => {
    expect(parseRecordId('2147483647')).toBe(MAX_INT4);
    for (const text of ['2147483648', '2147483650', '2147483700', '2147484000', '2200000000']) {
      expect(parseRecordId(text)).toBeNull();
    }
    for (const text of ['0', '-1', '01', '1.0', '1e3', ' 1', '1 ', '+1', '0x10', '']) {
      expect(parseRecordId(text)).toBeNull();
    }
  });

  it('is a struct too: id text or a number in range', () => {
    expect(check(RecordId, '42')).toEqual({ ok: true, value: 42 });
    expect(check(RecordId, 42)).toEqual({ ok: true, value: 42 });
    for (const bad of ['2147483648', 0, MAX_INT4 + 1, 1.5, 'abc', null]) {
      expect(check(RecordId, bad).ok, String(bad)).toBe(false);
    }
  });
});
