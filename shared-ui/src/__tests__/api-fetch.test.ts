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

describe('apiFetch (SPEC.md 7 and 8)', () => {
  it('always sends cookies and the CSRF header; no body and no JSON content type without a body', async () => {
    const fetchMock = answer(200, '[]');
    await apiFetch('/api/jobs');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/jobs');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.headers).toHaveProperty('x-requested-with', 'fetch');
  });

  it('sends a JSON body with a JSON content type when there is a body', async () => {
    const fetchMock = answer(200, '{"id":1}');
    const result = await apiFetch('/api/x', { method: 'POST', body: { a: 1 } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toHaveProperty('Content-Type', 'application/json');
    expect(result).toEqual({ id: 1 });
  });

  it('raises "{status}: {body text}" for any non-OK answer', async () => {
    answer(404, '{"message":"Job not found"}');
    const error = await apiFetch('/api/jobs/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"message":"Job not found"}');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverMessage).toBe('Job not found');
  });

  it('uses the status text when the body is empty', async () => {
    answer(500, '', 'Internal Server Error', 'text/plain');
    await expect(apiFetch('/api/x')).rejects.toThrow('500: Internal Server Error');
  });

  it('can turn a 401 into null instead of an error', async () => {
    answer(401, '{"message":"Not signed in"}');
    await expect(apiFetch('/api/admin/check-auth', { nullOn401: true })).resolves.toBeNull();
    answer(401, '{"message":"Not signed in"}');
    await expect(apiFetch('/api/admin/check-auth')).rejects.toThrow('401: ');
  });

  it('reads the per-field messages of a 400', async () => {
    answer(
      400,
      '{"message":"title: Job title is required","fields":{"title":"Job title is required"}}',
    );
    const error = (await apiFetch('/api/x', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.fieldErrors).toEqual({ title: 'Job title is required' });
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
