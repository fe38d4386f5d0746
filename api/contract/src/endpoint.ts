import { any, coerce, literal, object, string, type Infer, type Struct } from 'superstruct';
import { RecordId } from './job';

/** Params of every route with one record id in its path (`/api/admin/jobs/:id`). */
export const IdParams = object({ id: RecordId });

/** Params of the pay link's routes; the token's form is checked with the link (payment-tokens). */
export const PayLinkParams = object({ token: string() });

/** An answer that only says what happened ('Job deleted successfully'). */
export const Message = object({ message: string() });

/** `GET /healthz`, and `GET /readyz` when ready. */
export const Healthy = object({ status: literal('ok') });

/** `POST /api/stripe/webhook`: the event was taken. */
export const WebhookReceived = object({ received: literal(true) });

/**
 * A body that may be left out: no body (or JSON `null`) is the empty object, whose fields then
 * take their defaults.
 */
export const orEmptyObject = <T, S>(struct: Struct<T, S>): Struct<T, S> =>
  coerce(struct, any(), (value) => value ?? {});

/**
 * Any struct. `any`, not `unknown`: a struct takes its own type in a parameter (its refiner), so
 * a `Struct<number>` is no `Struct<unknown>`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStruct = Struct<any, any>;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One route of the API: what it takes and what it answers. The API registers each route from
 * its entry (api/src/http/endpoint-route.ts); the front ends call it with `apiFetch(endpoint, ...)`.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  /** The full path; `:name` marks a path parameter. */
  readonly path: string;
  /** What it does, in one line: docs/http-api.md lists it (`pnpm docs:api` writes that page). */
  readonly summary?: string;
  readonly params?: AnyStruct;
  readonly querystring?: AnyStruct;
  /** The JSON body (absent: the route reads none). */
  readonly body?: AnyStruct;
  /** The answer on success. */
  readonly response: AnyStruct;
  /** The success status when it is not 200. */
  readonly status?: 201;
  /**
   * The 404 message for a path parameter that cannot name a record, by parameter: such an id
   * names nothing, so it is answered as a record that does not exist.
   */
  readonly notFound?: Readonly<Record<string, string>>;
  /** One message for every invalid body, instead of the list of fields at fault (sign-in). */
  readonly invalid?: string;
}

/** What endpoint E answers on success. */
export type EndpointResponse<E extends Endpoint> = Infer<E['response']>;

/** The JSON body endpoint E takes (undefined: it takes none). */
export type EndpointBody<E extends Endpoint> = E['body'] extends AnyStruct
  ? Infer<E['body']>
  : undefined;

/** The values of E's path parameters (`{ id }` for `/api/jobs/:id`), as text or numbers. */
export type EndpointParams<E extends Endpoint> = E extends { params: infer P extends AnyStruct }
  ? { [K in keyof Infer<P>]: string | number }
  : undefined;

/**
 * E's path with its parameters filled in, each URL-encoded: `endpointPath(ENDPOINTS.job,
 * { id: 3 })` is `/api/jobs/3`. A parameter left out is an error, not a request to a wrong URL.
 */
export function endpointPath<E extends Endpoint>(endpoint: E, params?: EndpointParams<E>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
}
