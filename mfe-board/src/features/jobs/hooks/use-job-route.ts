import { withoutVia } from '@jobboard/contract/jobs';
import { useCallback } from 'react';
import { useLocation, useNavigate, type To } from '@jobboard/shared-ui/router';

/** Marks a job opened from inside the site, so closing it can simply go back. */
const OPENED_HERE = { openedFromSite: true } as const;

/**
 * Opening and closing a job's detail. A job opens at /jobs/{id}, keeping the board's query string
 * (the filters stay in place behind the modal) but its `via`, which named the channel of the one
 * job the visitor's link led to (docs/product.md#numbers). Closing goes back to where the job was opened from
 * (the board with its filters, or /bookmarks); a job reached by its own URL closes to the board.
 */
export function useJobRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const openedHere = (location.state as typeof OPENED_HERE | null)?.openedFromSite === true;

  const jobPath = useCallback(
    (id: string): To => ({
      pathname: `/jobs/${encodeURIComponent(id)}`,
      search:
        location.pathname === '/' || location.pathname.startsWith('/jobs/')
          ? withoutVia(location.search)
          : '',
    }),
    [location.pathname, location.search],
  );

  const openJob = useCallback(
    (id: string) => {
      navigate(jobPath(id), { state: OPENED_HERE });
    },
    [navigate, jobPath],
  );

  const closeJob = useCallback(() => {
    if (openedHere) navigate(-1);
    else navigate({ pathname: '/', search: withoutVia(location.search) }, { replace: true });
  }, [navigate, openedHere, location.search]);

  return { jobPath, openJob, closeJob, linkState: OPENED_HERE };
}
