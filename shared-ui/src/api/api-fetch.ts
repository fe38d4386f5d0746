import {
  BACKGROUND_POLL_HEADER,
  BACKGROUND_POLL_HEADER_VALUE,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  endpointPath,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointResponse,
} from '@jobboard/contract';

/**
 * A non-OK answer (SPEC.md 8): the message is "{status}: {body text or status text}". The parsed
 * JSON `message` of the body, when there is one, is kept apart for screens that show it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The `message` of a JSON error body, if the body is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      const message = (parsed as { message?: unknown })?.message;
      return typeof message === 'string' ? message : undefined;
    } catch {
      return undefined;
    }
  }

  /** Per-field messages of a 400 body (`fields`), if any. */
  get fieldErrors(): Record<string, string> | undefined {
    try {
      const fields = (JSON.parse(this.body) as { fields?: unknown })?.fields;
      return fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined;
    } catch {
      return undefined;
    }
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON with a JSON content type; without a body neither is sent. */
  body?: unknown;
  signal?: AbortSignal;
  /** Answer null instead of throwing on 401 (queries that treat "signed out" as data). */
  nullOn401?: boolean;
  /**
   * A request the page makes on its own (a poll on a timer), not because someone used it: sent
   * with `X-Background-Poll: 1`, so the API does not count it as activity and an unattended
   * admin tab still signs out after the idle limit. GET only.
   */
  background?: boolean;
}

/** A call of endpoint E: its path parameters and body typed from the contract's table. */
export type EndpointCall<E extends Endpoint> = Omit<ApiFetchOptions, 'method' | 'body'> &
  (EndpointParams<E> extends undefined ? { params?: undefined } : { params: EndpointParams<E> }) &
  (EndpointBody<E> extends undefined
    ? { body?: undefined }
    : // A body whose every field is optional may be left out (the API reads none as `{}`).
      object extends EndpointBody<E>
      ? { body?: EndpointBody<E> }
      : { body: EndpointBody<E> });

/**
 * Calls endpoint E of the contract's table (`apiFetch(ENDPOINTS.job, { params: { id } })`): its
 * method and path come from the table, the answer is typed as E's response.
 */
export function apiFetch<E extends Endpoint>(
  endpoint: E,
  ...[call]: EndpointParams<E> extends undefined
    ? EndpointBody<E> extends undefined
      ? [call?: EndpointCall<E>]
      : [call: EndpointCall<E>]
    : [call: EndpointCall<E>]
): Promise<EndpointResponse<E>>;
/** A path already built from the table (endpointPath): SWR's keys, read back by their fetcher. */
export function apiFetch<T>(path: string, options?: ApiFetchOptions): Promise<T>;
export function apiFetch(
  target: Endpoint | string,
  call?: ApiFetchOptions & { params?: Record<string, string | number> },
): Promise<unknown> {
  if (typeof target === 'string') return fetchJson(target, call);
  const { params, ...options } = call ?? {};
  return fetchJson(endpointPath(target, params as never), { ...options, method: target.method });
}

/**
 * Every call of the front end goes through here (SPEC.md 7): cookies always sent, JSON body only
 * when there is one, the CSRF header the API requires on cookie-authenticated mutations.
 */
async function fetchJson<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, nullOn401 = false, background = false } = options;
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      ...(background && method === 'GET'
        ? { [BACKGROUND_POLL_HEADER]: BACKGROUND_POLL_HEADER_VALUE }
        : {}),
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  if (nullOn401 && response.status === 401) return null as T;
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? response.json() : response.text()) as Promise<T>;
}

/** The text to show for a failed call: the server's own message if it sent one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}
