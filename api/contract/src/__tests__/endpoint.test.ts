import { describe, expect, it } from 'vitest';
import { endpointKey, endpointPath, endpointUrl } from '../endpoint';
import * as ENDPOINTS from '../endpoints';
import { afterFromQueryString, filterFromQueryString, pageFromQueryString } from '../filter-query';
import { defaultSearchFilter, searchPage, type SearchRequest } from '../search';
import { FIRST_VIEW_CASES } from '../testing/first-view-cases';

describe("an endpoint's URL", () => {
  it('fills in each path parameter, URL-encoded, and refuses to leave one out', () => {
    expect(endpointPath(ENDPOINTS.job, { id: 3 })).toBe('/api/jobs/3');
    expect(endpointUrl(ENDPOINTS.payPage, { params: { token: 'a b/c' } })).toBe(
      '/api/pay/a%20b%2Fc',
    );
    expect(() => endpointPath(ENDPOINTS.job, {} as { id: string })).toThrow(
      '/api/jobs/:id needs its id',
    );
  });

  it("writes only what differs from the query struct's defaults, in the struct's order", () => {
    expect(endpointUrl(ENDPOINTS.adminJobPage)).toBe('/api/admin/lists/jobs');
    expect(
      endpointUrl(ENDPOINTS.adminJobPage, {
        query: { pageSize: 25, dir: 'asc', sort: 'created', status: 'live', q: '', page: 1 },
      }),
    ).toBe('/api/admin/lists/jobs?status=live&dir=asc');
    expect(
      endpointUrl(ENDPOINTS.adminEmails, { query: { status: undefined, page: 3, pageSize: 50 } }),
    ).toBe('/api/admin/emails?page=3&pageSize=50');
    expect(endpointUrl(ENDPOINTS.adminSubmissionPage, { query: { q: 'a&b=c' } })).toBe(
      '/api/admin/lists/submissions?q=a%26b%3Dc',
    );
  });

  it('writes a query whose struct has no defaults as it is given', () => {
    expect(endpointUrl(ENDPOINTS.unsubscribeAlertOneClick, { query: { token: 'abc' } })).toBe(
      '/alerts/unsubscribe?token=abc',
    );
  });

  it('is read back by the API as the same query', () => {
    const view = { q: 'grants', status: 'expired', sort: 'title', dir: 'asc', page: 4 } as const;
    const url = endpointUrl(ENDPOINTS.adminJobPage, { query: view });
    const read = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(ENDPOINTS.adminJobPage.querystring.create(read)).toEqual({
      ...view,
      featured: undefined,
      source: undefined,
      expiring: undefined,
      pageSize: 25,
    });
  });
});

describe("an endpoint's cache key", () => {
  it("is a GET's URL, so every page of a list starts with the list's key", () => {
    expect(endpointKey(ENDPOINTS.job, { params: { id: '7' } })).toBe('/api/jobs/7');
    expect(endpointKey(ENDPOINTS.adminJobPage, { query: { page: 2 } })).toBe(
      '/api/admin/lists/jobs?page=2',
    );
    expect(
      endpointKey(ENDPOINTS.adminJobPage, { query: { page: 2 } }).startsWith(
        endpointKey(ENDPOINTS.adminJobPage),
      ),
    ).toBe(true);
  });

  it('leads with any other method, so two methods of one path never share a key', () => {
    expect(endpointKey(ENDPOINTS.deleteJob, { params: { id: 7 } })).toBe(
      'DELETE /api/admin/jobs/7',
    );
    expect(endpointKey(ENDPOINTS.adminJob, { params: { id: 7 } })).not.toBe(
      endpointKey(ENDPOINTS.deleteJob, { params: { id: 7 } }),
    );
  });

  it('holds the body with its keys sorted: the order it was built in changes nothing', () => {
    const filter = defaultSearchFilter();
    const built = endpointKey(ENDPOINTS.searchJobs, { body: { ...filter, page: 1, pageSize: 10 } });
    const reversed = Object.fromEntries(Object.entries(searchPage(filter, 1)).reverse());
    expect(endpointKey(ENDPOINTS.searchJobs, { body: reversed as SearchRequest })).toBe(built);
    expect(
      built.startsWith(
        'POST /api/jobs/search {"category":[],"closing":"any","experience":{"entry":false',
      ),
    ).toBe(true);
    expect(endpointKey(ENDPOINTS.searchJobs, { body: searchPage(filter, 2) })).not.toBe(built);
  });
});

describe("the first views' table (FIRST_VIEW_CASES)", () => {
  it.each(FIRST_VIEW_CASES.filter((c) => c.search))(
    'describes the search its address does: $name',
    ({ address, search }) => {
      const query = address.split('?')[1] ?? '';
      expect(
        searchPage(
          filterFromQueryString(query),
          pageFromQueryString(query),
          afterFromQueryString(query),
        ),
      ).toEqual(search);
    },
  );
});
