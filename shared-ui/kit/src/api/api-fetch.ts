import {
  BACKGROUND_POLL_HEADER,
  BACKGROUND_POLL_HEADER_VALUE,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
} from '@jobboard/contract/common';
import {
  endpointUrl,
  type Endpoint,
  type EndpointArgs,
  type EndpointInput,
  type EndpointResponse,
} from '@jobboard/contract/endpoints';

/**
 * A non-OK answer (docs/product.md#errors): the message is "{status}: {body text or status text}". The parsed
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

/** How a call is made, beside what it sends (EndpointInput). */
export interface ApiFetchOptions {
  signal?: AbortSignal;
  /** Answer null instead of throwing on 401 (queries that treat "signed out" as data). */
  nullOn401?: boolean;
  /**
   * A request the page makes on its own (a poll on a timer), not because someone used it: sent
   * with `X-Background-Poll: 1`, so the API does not count it as activity and an unattended
   * admin tab still signs out after the idle limit. GET only.
   */
  background?: boolean;
  /**
   * A multipart body, for an endpoint that reads one instead of JSON (it has no `body` struct:
   * an application with its résumé, `ENDPOINTS.applyToJob`). Sent as it is: the browser writes
   * its Content-Type, with the boundary.
   */
  form?: FormData;
}

/** A call of endpoint E: its path parameters, query string and body typed from the contract's table. */
export type EndpointCall<E extends Endpoint> = EndpointInput<E> & ApiFetchOptions;

/**
 * Calls endpoint E of the contract's table (`apiFetch(ENDPOINTS.job, { params: { id } })`): its
 * method, path and query string come from the table (endpointUrl), the answer is typed as E's
 * response (or null, with `nullOn401`, when the API answers 401). It is the front ends' only way
 * to the API: there is no call by a hand-written URL and answer type.
 */
export function apiFetch<E extends Endpoint>(
  endpoint: E,
  ...args: EndpointArgs<E, ApiFetchOptions & { nullOn401?: false }>
): Promise<EndpointResponse<E>>;
export function apiFetch<E extends Endpoint>(
  endpoint: E,
  ...args: EndpointArgs<E, ApiFetchOptions & { nullOn401: true }>
): Promise<EndpointResponse<E> | null>;
export function apiFetch(
  target: Endpoint | string,
  call: FetchOptions & { params?: Record<string, string | number>; query?: object } = {},
): Promise<unknown> {
  // A path instead of an endpoint: a remote built against shared-ui 1.0 calls so, and the
  // shell's copy of this singleton serves it too (one area ships at a time: docs/frontend-delivery.md#deploying-the-remotes-independently). New
  // code cannot: the signatures above take endpoints only.
  if (typeof target === 'string') return fetchJson(target, call);
  const { params, query, ...options } = call;
  const url = endpointUrl(target, { params, query } as never);
  return fetchJson(url, { ...options, method: target.method });
}

/** What fetchJson is told: the method and JSON body beside the options. */
interface FetchOptions extends ApiFetchOptions {
  method?: Endpoint['method'] | 'PATCH';
  body?: unknown;
}

/**
 * Every call of the front end goes through here (docs/product.md#calls): cookies always sent, JSON body only
 * when there is one (or the multipart `form`), the CSRF header the API requires on
 * cookie-authenticated mutations.
 */
async function fetchJson<T>(path: string, options: FetchOptions = {}): Promise<T> {
  const { method = 'GET', body, form, signal, nullOn401 = false, background = false } = options;
  const hasBody = body !== undefined && form === undefined;
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
    body: form ?? (hasBody ? JSON.stringify(body) : undefined),
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
