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

/**
 * The jobs whose view this page has sent. The server counts a visitor once a day, so a job shown
 * again in the same page (its modal closed and opened, the modal mounted again as the page
 * hydrates or a remote's version settles) needs no second request.
 */
const sent = new Set<string>();

/** Sends the view of job `id` once per page (undefined: nothing shown yet). */
export function useJobViewBeacon(id: string | undefined): void {
  useEffect(() => {
    if (id === undefined || sent.has(id)) return;
    sent.add(id);
    sendJobView(id);
  }, [id]);
}

/** For tests: forget the views sent, as a new page would. */
export function forgetSentJobViews(): void {
  sent.clear();
}
