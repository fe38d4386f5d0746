import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, errorMessage } from '../api/api-fetch';

function answer(status: number, body: string, statusText = '', type = 'application/json') {
  const fetchMock = vi.fn().mockResolvedValue(
    new Response(status === 204 ? null : body, {
      status,
      statusText,
      headers: { 'content-type': type },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch (docs/product.md#calls and docs/product.md#errors)', () => {
  it('always sends cookies and the CSRF header; no body and no JSON content type without a body', async () => {
    const fetchMock = answer(200, '[]');
    await apiFetch(ENDPOINTS.recentJobs);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/jobs/recent');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.headers).toHaveProperty('x-requested-with', 'fetch');
  });

  it("sends a JSON body with a JSON content type when there is a body, with the endpoint's method", async () => {
    const fetchMock = answer(201, '{"id":"1"}');
    const result = await apiFetch(ENDPOINTS.createPromoCode, {
      body: { code: 'SPRING', description: '', percentOff: 20, active: true },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/promo-codes');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"code":"SPRING","description":"","percentOff":20,"active":true}');
    expect(init.headers).toHaveProperty('Content-Type', 'application/json');
    expect(result).toEqual({ id: '1' });
  });

  it('sends a multipart form as it is, with the CSRF header and no content type of its own', async () => {
    const fetchMock = answer(201, '{"id":"5","message":"Sent"}');
    const form = new FormData();
    form.append('name', 'Ada');
    form.append('resume', new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    const receipt = await apiFetch(ENDPOINTS.applyToJob, { params: { id: 7 }, form });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/jobs/7/applications');
    expect(init.method).toBe('POST');
    // The browser writes multipart/form-data with its boundary for a FormData body.
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.headers).toHaveProperty('x-requested-with', 'fetch');
    expect(init.credentials).toBe('include');
    expect(receipt).toEqual({ id: '5', message: 'Sent' });
  });

  it("fills in the path's parameters and writes the query string from the endpoint's struct", async () => {
    const fetchMock = answer(200, '{"jobs":[],"total":0,"page":2,"pageSize":25}');
    await apiFetch(ENDPOINTS.adminJobPage, {
      query: { q: 'grants & more', status: 'live', sort: 'created', page: 2, pageSize: 25 },
    });
    // Only what differs from the struct's defaults, in the struct's order.
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/api/admin/lists/jobs?q=grants+%26+more&status=live&page=2',
    );
    const second = answer(200, '[]');
    await apiFetch(ENDPOINTS.jobHistory, { params: { id: 'a/b' } });
    expect(second.mock.calls[0]![0]).toBe('/api/admin/jobs/a%2Fb/history');
  });

  it('marks a background poll, and only on a GET', async () => {
    const fetchMock = answer(200, '{}');
    await apiFetch(ENDPOINTS.adminSubmissionPage, { background: true });
    expect(fetchMock.mock.calls[0]![1].headers).toHaveProperty('x-background-poll', '1');
  });

  it('raises "{status}: {body text}" for any non-OK answer', async () => {
    answer(404, '{"message":"Job not found"}');
    const error = await apiFetch(ENDPOINTS.job, { params: { id: 9 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"message":"Job not found"}');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverMessage).toBe('Job not found');
  });

  it('uses the status text when the body is empty', async () => {
    answer(500, '', 'Internal Server Error', 'text/plain');
    await expect(apiFetch(ENDPOINTS.locations)).rejects.toThrow('500: Internal Server Error');
  });

  it('can turn a 401 into null instead of an error', async () => {
    answer(401, '{"message":"Not signed in"}');
    await expect(apiFetch(ENDPOINTS.checkAuth, { nullOn401: true })).resolves.toBeNull();
    answer(401, '{"message":"Not signed in"}');
    await expect(apiFetch(ENDPOINTS.checkAuth)).rejects.toThrow('401: ');
  });

  it('reads the per-field messages of a 400', async () => {
    answer(400, '{"message":"amount: Enter an amount","fields":{"amount":"Enter an amount"}}');
    const error = (await apiFetch(ENDPOINTS.updateAmount, {
      params: { id: 1 },
      body: { amount: -1 },
    }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({ amount: 'Enter an amount' });
  });

  it('still answers a remote built against shared-ui 1.0, which called it with a path', async () => {
    // The shell's copy of this singleton serves remotes shipped before it; their calls named a
    // path, a method and a body by hand. New code cannot (the signatures take endpoints only).
    const legacy = apiFetch as unknown as (path: string, options?: object) => Promise<unknown>;
    const fetchMock = answer(200, '{"id":1}');
    await expect(legacy('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ id: 1 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/x');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '{"a":1}' });
    answer(401, '{"message":"Not signed in"}');
    await expect(legacy('/api/admin/check-auth', { nullOn401: true })).resolves.toBeNull();
  });

  it('errorMessage prefers the server message, then the fallback', () => {
    expect(
      errorMessage(new ApiError(401, '{"message":"Invalid username or password"}', ''), 'x'),
    ).toBe('Invalid username or password');
    expect(errorMessage(new ApiError(502, '<html>', 'Bad Gateway'), 'Failed to delete job')).toBe(
      'Failed to delete job',
    );
    expect(errorMessage(new Error('offline'), 'x')).toBe('offline');
  });
});
