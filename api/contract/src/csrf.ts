/**
 * The header every cookie-authenticated mutation must carry. Browsers send a custom header
 * cross-origin only after a CORS preflight, which the API never grants, so a forged cross-site
 * form or fetch cannot carry it. The API checks it (with the Origin); apiFetch always sends it.
 */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'fetch';
