import { ENDPOINTS, endpointUrl } from '@jobboard/contract/endpoints';
import type { QueueQuery } from './submissions';

/**
 * Where the CSV of a view of the queue downloads from (a link, not a fetch): all its pages, with
 * payments.
 */
export const submissionsCsvHref = (view: QueueQuery) =>
  endpointUrl(ENDPOINTS.exportSubmissions, { query: { ...view, page: 1 } });
