import { describe, expect, it } from 'vitest';
import { MAX_PAGE, MAX_QUERY_LENGTH } from '../choices';
import {
  afterFromQueryString,
  boardQueryString,
  filterFromQueryString,
  filterToQueryString,
  pageFromQueryString,
} from '../filter-query';
import {
  CURSOR_MESSAGES,
  decodeSearchCursor,
  defaultSearchFilter,
  encodeSearchCursor,
  SearchRequest,
  type SearchFilter,
} from '../search';
import { check } from '../validate';

const everything: SearchFilter = {
  query: 'data editor',
  jobType: { fullTime: true, partTime: true, contract: true, remote: false },
  workplace: { onSite: true, hybrid: true, remote: true },
  experience: { entry: true, mid: true, senior: true },
  salaryRange: '75k-100k',
  location: 'Washington, DC',
  category: ['News and Audience', 'Product and Tech'],
  sortOption: 'salary-high',
  postedWithin: '7d',
  closing: 'soon',
};

describe('the query string of the board', () => {
  it('reads an old link or stored alert with remote=true as the Remote workplace, and writes it back the same (issue 47)', () => {
    const filter = filterFromQueryString('?remote=true&fullTime=true');
    expect(filter.workplace).toEqual({ onSite: false, hybrid: false, remote: true });
    expect(filter.jobType.remote).toBe(false);
    expect(filterToQueryString(filter)).toBe('?fullTime=true&remote=true');
    // A board built before contract 1.5 sends its Remote box as jobType.remote: the same link.
    const older = {
      ...defaultSearchFilter(),
      jobType: { ...defaultSearchFilter().jobType, remote: true },
    };
    expect(filterToQueryString(older)).toBe('?remote=true');
    expect(filterToQueryString(filterFromQueryString('?hybrid=true&onsite=true'))).toBe(
      '?onsite=true&hybrid=true',
    );
  });

  it('writes every part under the names of docs/product.md#routes-and-screens, category once per selection', () => {
    const params = new URLSearchParams(filterToQueryString(everything));
    expect([...params.keys()]).toEqual([
      'q',
      'fullTime',
      'partTime',
      'contract',
      'onsite',
      'hybrid',
      'remote',
      'entry',
      'mid',
      'senior',
      'salary',
      'location',
      'category',
      'category',
      'sort',
      'posted',
      'closing',
    ]);
    expect(params.get('q')).toBe('data editor');
    expect(params.get('fullTime')).toBe('true');
    expect(params.getAll('category')).toEqual(['News and Audience', 'Product and Tech']);
    expect(params.get('salary')).toBe('75k-100k');
    expect(params.get('location')).toBe('Washington, DC');
    expect(params.get('sort')).toBe('salary-high');
    expect(params.get('posted')).toBe('7d');
    expect(params.get('closing')).toBe('soon');
  });

  it('round-trips every posted-within and closing choice, and leaves out their defaults', () => {
    for (const postedWithin of ['24h', '7d', '30d'] as const) {
      const filter: SearchFilter = { ...defaultSearchFilter(), postedWithin };
      expect(filterToQueryString(filter)).toBe(`?posted=${postedWithin}`);
      expect(filterFromQueryString(filterToQueryString(filter))).toEqual(filter);
    }
    const soon: SearchFilter = { ...defaultSearchFilter(), closing: 'soon' };
    expect(filterToQueryString(soon)).toBe('?closing=soon');
    expect(filterFromQueryString('?closing=soon')).toEqual(soon);
    expect(filterToQueryString({ ...defaultSearchFilter(), postedWithin: 'any' })).toBe('');
    expect(filterFromQueryString('?posted=any&closing=any')).toEqual(defaultSearchFilter());
    expect(filterFromQueryString('?posted=1y&closing=later')).toEqual(defaultSearchFilter());
  });

  it('reads back exactly what it wrote', () => {
    expect(filterFromQueryString(filterToQueryString(everything))).toEqual(everything);
    const some: SearchFilter = {
      ...defaultSearchFilter(),
      jobType: { fullTime: false, partTime: true, contract: false, remote: false },
      category: ['Fundraising'],
      sortOption: 'relevance',
    };
    expect(filterFromQueryString(filterToQueryString(some))).toEqual(some);
  });

  it('leaves out every default: no filter is a bare address, and recent is never written', () => {
    expect(filterToQueryString(defaultSearchFilter())).toBe('');
    expect(filterToQueryString({ ...defaultSearchFilter(), query: '  ' })).toBe('');
    expect(filterToQueryString({ ...defaultSearchFilter(), query: 'grants' })).toBe('?q=grants');
    expect(filterFromQueryString('')).toEqual(defaultSearchFilter());
  });

  it('falls back to the default of any part a hand-edited link gets wrong', () => {
    const filter = filterFromQueryString(
      `?sort=cheapest&salary=lots&fullTime=yes&location=%20%20&category=&category=Agencies&category=Agencies&q=${'x'.repeat(MAX_QUERY_LENGTH + 20)}`,
    );
    expect(filter).toEqual({
      ...defaultSearchFilter(),
      query: 'x'.repeat(MAX_QUERY_LENGTH),
      category: ['Agencies'],
    });
  });

  it('drops what the API would refuse, such as too many categories', () => {
    const many = Array.from({ length: 60 }, (_, i) => `category=c${i}`).join('&');
    expect(filterFromQueryString(`?q=grants&${many}`)).toEqual({
      ...defaultSearchFilter(),
      query: 'grants',
    });
  });

  it('drops every part holding a NUL character, not only the first one it finds', () => {
    // PostgreSQL cannot compare text with U+0000: one part left with it was a 500 on /jobs/1.
    expect(filterFromQueryString('?category=%00&location=%00&q=%00grants')).toEqual(
      defaultSearchFilter(),
    );
    expect(filterFromQueryString('?category=%00&location=Remote')).toEqual({
      ...defaultSearchFilter(),
      location: 'Remote',
    });
  });
});

describe('the page in the address', () => {
  it('writes page 2 and on after the filter, and leaves page 1 out', () => {
    const filter = { ...defaultSearchFilter(), query: 'grants' };
    expect(boardQueryString(filter, 1)).toBe('?q=grants');
    expect(boardQueryString(filter, 3)).toBe('?q=grants&page=3');
    expect(boardQueryString(defaultSearchFilter(), 2)).toBe('?page=2');
    expect(pageFromQueryString(boardQueryString(filter, 3))).toBe(3);
    expect(filterFromQueryString(boardQueryString(filter, 3))).toEqual(filter);
  });

  it.each([
    '',
    '?page=1',
    '?page=0',
    '?page=-2',
    '?page=x',
    '?page=2.5',
    '?page=1001',
    '?page=0002',
  ])('reads %s as page 1', (search) => expect(pageFromQueryString(search)).toBe(1));

  it('reads the last page there is', () => {
    expect(pageFromQueryString(`?page=${MAX_PAGE}`)).toBe(MAX_PAGE);
  });
});

describe('the page cursor in the board address (after=, issue 31)', () => {
  const recent = encodeSearchCursor({ v: 1, s: 'recent', f: true, d: '2026-11-20', i: 42 });
  const salary = encodeSearchCursor({ v: 1, s: 'salary-high', m: null, d: '2026-11-20', i: 7 });

  it('writes the cursor after the page, and reads it back', () => {
    const address = boardQueryString(defaultSearchFilter(), 3, recent);
    expect(address).toBe(`?page=3&after=${recent}`);
    expect(pageFromQueryString(address)).toBe(3);
    expect(afterFromQueryString(address)).toBe(recent);
    // Page 1 has no cursor.
    expect(boardQueryString(defaultSearchFilter(), 1, recent)).toBe('');
  });

  it('leaves out a cursor that is damaged, of another sort, or without a page past 1', () => {
    expect(afterFromQueryString('?page=2&after=xyz')).toBeUndefined();
    expect(afterFromQueryString(`?page=2&after=${recent}A`)).toBeUndefined();
    expect(afterFromQueryString(`?page=2&after=${salary}`)).toBeUndefined();
    expect(afterFromQueryString(`?sort=salary-high&page=2&after=${salary}`)).toBe(salary);
    expect(afterFromQueryString(`?after=${recent}`)).toBeUndefined();
  });

  it('reads back only a cursor exactly as written: anything altered is refused', () => {
    expect(decodeSearchCursor(recent)).toEqual({
      v: 1,
      s: 'recent',
      f: true,
      d: '2026-11-20',
      i: 42,
    });
    const text = (value: object) =>
      btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
    expect(
      decodeSearchCursor(text({ s: 'recent', v: 1, f: true, d: '2026-11-20', i: 42 })),
    ).toBeNull();
    expect(decodeSearchCursor(text({ v: 1, s: 'recent', d: '2026-11-20', i: 42 }))).toBeNull();
    expect(
      decodeSearchCursor(text({ v: 1, s: 'salary-low', f: true, d: '2026-11-20', i: 4 })),
    ).toBeNull();
    expect(decodeSearchCursor(`${recent}==`)).toBeNull();
  });

  it('a search with a cursor of another sort order is refused with its message', () => {
    expect(check(SearchRequest, { sortOption: 'salary-high', page: 2, after: recent })).toEqual({
      ok: false,
      errors: { after: CURSOR_MESSAGES.otherSort },
    });
    expect(check(SearchRequest, { page: 2, after: 'nope' })).toEqual({
      ok: false,
      errors: { after: CURSOR_MESSAGES.invalid },
    });
    expect(check(SearchRequest, { page: 2, after: recent }).ok).toBe(true);
  });
});
