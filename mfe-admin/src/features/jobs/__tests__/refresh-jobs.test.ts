import { BACKGROUND_POLL_HEADER, CSRF_HEADER, CSRF_HEADER_VALUE } from '@jobboard/contract/common';
import { fakeApi } from '@jobboard/test-utils';
import { describe, expect, it } from 'vitest';
import { refreshJobs } from '../api/refresh-jobs';

describe('Refresh Jobs', () => {
  it('sends the CSRF header the API requires on GET /api/refresh-jobs, and counts as activity', async () => {
    const received = fakeApi({
      'GET /api/refresh-jobs': [
        200,
        {
          source: null,
          created: 0,
          updated: 0,
          unchanged: 0,
          deactivated: 0,
          skipped: 0,
          skippedRecords: [],
          conflicts: 0,
          held: 0,
          message: 'Nothing to refresh.',
        },
      ],
    });
    await refreshJobs();
    const [call] = received.calls;
    expect(call?.path).toBe('/api/refresh-jobs');
    expect(call?.method).toBe('GET');
    expect(call?.headers.get(CSRF_HEADER)).toBe(CSRF_HEADER_VALUE);
    expect(call?.headers.has(BACKGROUND_POLL_HEADER)).toBe(false);
  });
});
