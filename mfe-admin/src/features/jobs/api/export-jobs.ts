import { ADMIN_JOBS_DEFAULTS, type AdminJobsQuery } from '@jobboard/contract/admin';
import { ENDPOINTS, endpointUrl } from '@jobboard/contract/endpoints';

/**
 * Where the CSV of a view downloads from (a link, not a fetch: the browser saves the attachment):
 * every job of the view, not just the page.
 */
export const jobsCsvHref = (view: AdminJobsQuery) =>
  endpointUrl(ENDPOINTS.exportJobs, {
    query: { ...view, page: 1, pageSize: ADMIN_JOBS_DEFAULTS.pageSize },
  });
