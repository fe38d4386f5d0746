import { PAGE_LIVE_EVENTS } from '@jobboard/contract/site';
import { useEffect } from 'react';

/**
 * `<html data-app-ready>` once the page is live: drawn in the browser, or the server's HTML taken
 * over (before that, the server's HTML shows but its buttons do nothing yet). Called by what a
 * route renders (the remote's area, the 404 page): when the browser takes over the server's HTML
 * it may do the page frame first and the route's area a moment later, and only then is the page
 * live. Outside React's root, for tests and monitoring to wait on. The `live` event then gives
 * the page what the visitor typed and pressed while it was not (boot/before-live.js).
 */
export function useAppReady(): void {
  useEffect(() => {
    if (document.documentElement.dataset.appReady) return;
    document.documentElement.dataset.appReady = 'true';
    document.dispatchEvent(new Event(PAGE_LIVE_EVENTS.live));
  }, []);
}
