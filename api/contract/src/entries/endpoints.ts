/**
 * @jobboard/contract/endpoints: the endpoint table (`ENDPOINTS`, the one list of every route the API
 * serves and the front ends call) and the helpers that write an endpoint's path, URL and SWR key.
 */
export * as ENDPOINTS from '../endpoints';
export * from '../endpoint';
