import { channelOfLanding, type Channel } from '@jobboard/contract/jobs';
import { useHydrated } from '@jobboard/shared-ui';
import { useLocation } from '@jobboard/shared-ui/router';
import { useFirstViewJobChannel } from '../api/get-job';
import { viewedChannel } from '../api/job-view';

/** The job of a job's page (`/jobs/{id}`), as its id; undefined on any other page. */
function jobOfPath(pathname: string): string | undefined {
  const segment = /^\/jobs\/([^/]+)\/?$/.exec(pathname)?.[1];
  return segment === undefined ? undefined : decodeURIComponent(segment);
}

/**
 * The channel job `id` is counted for in this page (docs/product.md#numbers): its view, and the
 * Apply click its Apply link carries the channel of.
 *
 * - The job of the page the browser loaded (its address, a reload, a link opened in a new tab)
 *   landed there: by the address's `via` when it names one of the publication's channels, else
 *   by the page's referrer (the board's own site: 'board'; anything else or none: 'direct'), as
 *   the server worked it out when it drew the page (its answer is in the page: the same request).
 * - Any job opened inside the board after that (a card, a bookmark, a link of another area of the
 *   site): 'board'.
 * - A job keeps, in this page, the channel its view was sent for.
 *
 * While the page the server drew comes alive, the server's answer holds for the job it drew, so
 * the Apply link is the one it drew.
 */
export function useJobChannel(id: string): Channel {
  const location = useLocation();
  const hydrated = useHydrated();
  const drawn = useFirstViewJobChannel(id);
  const viewed = viewedChannel(id);
  if (viewed) return viewed;
  // The entry the document was loaded at has the router's key 'default' (no state of its own).
  const landed = jobOfPath(location.pathname) === id && (location.key === 'default' || !hydrated);
  if (!landed) return 'board';
  if (drawn) return drawn;
  return typeof document === 'undefined'
    ? 'direct'
    : channelOfLanding(location.search, document.referrer, window.location.origin);
}
