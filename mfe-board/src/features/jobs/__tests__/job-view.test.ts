import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendJobView } from '../api/job-view';

describe('sendJobView', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a beacon to the job’s view counter, naming its channel', () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    sendJobView('42', 'newsletter');
    expect(beacon).toHaveBeenCalledWith('/api/jobs/42/view?via=newsletter');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('falls back to a plain POST where a beacon cannot be sent, and swallows its failure', async () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    sendJobView('42', 'board');
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/jobs\/42\/view\?via=board$/);
    expect(init?.method).toBe('POST');
  });
});
