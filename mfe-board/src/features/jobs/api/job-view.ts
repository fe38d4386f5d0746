import { ENDPOINTS, endpointUrl } from '@jobboard/contract/endpoints';
import type { Channel } from '@jobboard/contract/jobs';
import { apiFetch } from '@jobboard/shared-ui';
import { useEffect } from 'react';

/**
 * Tell the server a job was viewed (`POST /api/jobs/:id/view?via=<channel>`,
 * docs/product.md#numbers): when its modal opens or its page shows, for the channel the visitor
 * came to it by (use-job-channel.ts). Sent from an effect, which runs only in the browser, so a
 * page drawn on the server and then hydrated counts once; the server counts a visitor once a day
 * anyway. A beacon (it never competes with the page's own requests); where there is none, a plain
 * call whose failure is nobody's business.
 */
export function sendJobView(id: string, channel: Channel): void {
  const url = endpointUrl(ENDPOINTS.jobView, { params: { id }, query: { via: channel } });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
  void apiFetch(ENDPOINTS.jobView, { params: { id }, query: { via: channel } }).catch(
    () => undefined,
  );
}

/**
 * The jobs whose view this page has sent, with the channel it was sent for. The server counts a
 * visitor once a day, so a job shown again in the same page (its modal closed and opened, the
 * modal mounted again as the page hydrates or a remote's version settles) needs no second
 * request; and the job keeps that channel in this page, so its Apply link counts for the same.
 */
const viewed = new Map<string, Channel>();

/** The channel job `id`'s view was sent for in this page, if it was. */
export const viewedChannel = (id: string): Channel | undefined => viewed.get(id);

/** Sends the view of job `id` once per page, for `channel` (undefined: nothing shown yet). */
export function useJobViewBeacon(id: string | undefined, channel: Channel): void {
  useEffect(() => {
    if (id === undefined || viewed.has(id)) return;
    viewed.set(id, channel);
    sendJobView(id, channel);
  }, [id, channel]);
}

/** For tests: forget the views sent, as a new page would. */
export function forgetSentJobViews(): void {
  viewed.clear();
}
