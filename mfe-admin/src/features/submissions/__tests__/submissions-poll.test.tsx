import { BACKGROUND_POLL_HEADER, CSRF_HEADER } from '@jobboard/contract/common';
import { REFRESH } from '@jobboard/shared-ui';
import { act, renderHook, waitFor } from '@jobboard/test-utils/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { fakeApi, type FakeRequest } from '@jobboard/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { useSubmissions } from '../api/submissions';

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
);

const EMPTY_PAGE = { submissions: [], total: 0, page: 1, pageSize: 25, flaggedPayments: 0 };
const answerWithList = () => fakeApi({ 'GET /api/admin/lists/submissions': [200, EMPTY_PAGE] });

const headersOf = (call: FakeRequest) => Object.fromEntries(call.headers);

describe('the review queue poll', () => {
  it('counts the first load as the admin using the screen, and marks every later fetch a background poll', async () => {
    const received = answerWithList();
    const { result } = renderHook(() => useSubmissions(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(EMPTY_PAGE));
    expect(headersOf(received.calls[0]!)).not.toHaveProperty(BACKGROUND_POLL_HEADER);

    await act(async () => {
      await result.current.mutate();
    });
    expect(received.calls).toHaveLength(2);
    expect(headersOf(received.calls[1]!)).toHaveProperty(BACKGROUND_POLL_HEADER, '1');
    expect(headersOf(received.calls[1]!)).toHaveProperty(CSRF_HEADER, 'fetch');
  });

  it('polls on the 30-second timer with the background header', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const received = answerWithList();
      const { result } = renderHook(() => useSubmissions(), { wrapper });
      await waitFor(() => expect(result.current.data).toEqual(EMPTY_PAGE));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REFRESH.submissions + 100);
      });
      await waitFor(() => expect(received.calls.length).toBeGreaterThanOrEqual(2));
      for (const call of received.calls.slice(1)) {
        expect(headersOf(call)).toHaveProperty(BACKGROUND_POLL_HEADER, '1');
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
