import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@jobboard/contract/common';
import { ENDPOINTS, endpointUrl, type EndpointResponse } from '@jobboard/contract/endpoints';
import { ApiError } from '@jobboard/shared-ui';

/**
 * Send a chosen logo file to `POST /api/logos` as its raw bytes (the one call of the form that is
 * not JSON, so not through apiFetch, which sends JSON only): the method and path from the
 * contract's table, the CSRF header every call sends, the file's own type. Answers the stored
 * logo's path; a refusal throws the ApiError apiFetch would (its `serverMessage` is the API's).
 */
export async function uploadLogo(
  file: File,
  signal?: AbortSignal,
): Promise<EndpointResponse<typeof ENDPOINTS.uploadLogo>> {
  // apiFetch sends JSON only, and a remote cannot count on a newer shared-ui than the shell
  // loaded (one singleton): this one call of raw bytes is made here, on the contract's endpoint.
  // eslint-disable-next-line no-restricted-globals
  const response = await fetch(endpointUrl(ENDPOINTS.uploadLogo), {
    method: ENDPOINTS.uploadLogo.method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      'Content-Type': file.type,
    },
    body: file,
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as EndpointResponse<typeof ENDPOINTS.uploadLogo>;
}
