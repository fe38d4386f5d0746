import { ENDPOINTS, endpointPath } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import { useEffect } from 'react';

/**
 * Tell the server a job was viewed (`POST /api/jobs/:id/view`, docs/product.md#numbers): when its
 * modal opens or its page shows. Sent from an effect, which runs only in the browser, so a page
 * drawn on the server and then hydrated counts once; the server counts a visitor once a day
 * anyway. A beacon (it never competes with the page's own requests); where there is none, a
 * plain call whose failure is nobody's business.
 */
export function sendJobView(id: string): void {
  const url = endpointPath(ENDPOINTS.jobView, { id });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
  void apiFetch(ENDPOINTS.jobView, { params: { id } }).catch(() => undefined);
}

/** Sends the view of job `id` once each time it is shown (undefined: nothing shown yet). */
export function useJobViewBeacon(id: string | undefined): void {
  useEffect(() => {
    if (id !== undefined) sendJobView(id);
  }, [id]);
}
