import { describe, expect, it } from 'vitest';
import { SearchRequest, defaultSearchFilter } from '../search';
import { check } from '../validate';

describe('the search request struct', () => {
  it('fills every default into an empty request', () => {
    const result = check(SearchRequest, {});
    expect(result).toEqual({
      ok: true,
      value: { ...defaultSearchFilter(), page: 1, pageSize: 10 },
    });
  });

  it('fills defaults inside partial nested parts', () => {
    const result = check(SearchRequest, { jobType: { remote: true } });
    expect(result.ok && result.value.jobType).toEqual({
      fullTime: false,
      partTime: false,
      contract: false,
      remote: true,
    });
  });

  it('names each field at fault', () => {
    const result = check(SearchRequest, { page: 0, sortOption: 'x', extra: 1 });
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual([
      'extra',
      'page',
      'sortOption',
    ]);
    expect(!result.ok && result.errors.extra).toBe('Unknown field');
  });
});

describe('values superstruct cannot print', () => {
  it('are refused as invalid input instead of throwing', () => {
    expect(check(SearchRequest, { jobType: { '': { toString: '' } } })).toEqual({
      ok: false,
      errors: { body: 'Invalid input' },
    });
  });
});

describe('values superstruct cannot print, deeper in the failures', () => {
  it('are refused as invalid input', () => {
    expect(check(SearchRequest, { category: 0, pageSize: { toString: false } })).toEqual({
      ok: false,
      errors: { body: 'Invalid input' },
    });
  });
});
