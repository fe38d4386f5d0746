import { BACKGROUND_POLL_HEADER, CSRF_HEADER } from '@jobboard/contract';
import { REFRESH } from '@jobboard/shared-ui';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSubmissions } from '../api/submissions';

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
);

function answerWithList() {
  const fetchMock = vi.fn(
    async () =>
      new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const headersOf = (call: unknown[]) => (call[1] as RequestInit).headers as Record<string, string>;

afterEach(() => vi.unstubAllGlobals());

describe('the review queue poll', () => {
  it('counts the first load as the admin using the screen, and marks every later fetch a background poll', async () => {
    const fetchMock = answerWithList();
    const { result } = renderHook(() => useSubmissions(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([]));
    expect(headersOf(fetchMock.mock.calls[0]!)).not.toHaveProperty(BACKGROUND_POLL_HEADER);

    await act(async () => {
      await result.current.mutate();
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOf(fetchMock.mock.calls[1]!)).toHaveProperty(BACKGROUND_POLL_HEADER, '1');
    expect(headersOf(fetchMock.mock.calls[1]!)).toHaveProperty(CSRF_HEADER, 'fetch');
  });

  it('polls on the 30-second timer with the background header', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchMock = answerWithList();
      const { result } = renderHook(() => useSubmissions(), { wrapper });
      await waitFor(() => expect(result.current.data).toEqual([]));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REFRESH.submissions + 100);
      });
      await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2));
      for (const call of fetchMock.mock.calls.slice(1)) {
        expect(headersOf(call)).toHaveProperty(BACKGROUND_POLL_HEADER, '1');
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
