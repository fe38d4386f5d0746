import { BACKGROUND_POLL_HEADER, CSRF_HEADER, CSRF_HEADER_VALUE } from '@jobboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshJobs } from '../api/refresh-jobs';

afterEach(() => vi.unstubAllGlobals());

describe('Refresh Jobs', () => {
  it('sends the CSRF header the API requires on GET /api/refresh-jobs, and counts as activity', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ source: null, created: 0, updated: 0, deactivated: 0 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await refreshJobs();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/refresh-jobs');
    expect(init.method).toBe('GET');
    expect(init.headers).toHaveProperty(CSRF_HEADER, CSRF_HEADER_VALUE);
    expect(init.headers).not.toHaveProperty(BACKGROUND_POLL_HEADER);
  });
});
