/**
 * The header every cookie-authenticated mutation must carry. Browsers send a custom header
 * cross-origin only after a CORS preflight, which the API never grants, so a forged cross-site
 * form or fetch cannot carry it. The API checks it (with the Origin); apiFetch always sends it.
 */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'fetch';

/**
 * Marks a request the page makes on its own (a poll on a timer), not because someone used it.
 * The API does not count such a request as activity: an admin tab left open does not stay signed
 * in past the idle limit just because it refreshes its list. Only honoured on GET requests.
 */
export const BACKGROUND_POLL_HEADER = 'x-background-poll';
export const BACKGROUND_POLL_HEADER_VALUE = '1';
