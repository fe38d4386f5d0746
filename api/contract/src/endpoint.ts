import {
  any,
  array,
  coerce,
  enums,
  literal,
  nullable,
  number,
  object,
  optional,
  string,
  validate,
  type Infer,
  type Struct,
} from 'superstruct';
import { described } from './json-schema';
import type { ApiKeyScope } from './api-keys';
import { RecordId } from './job';

/** Params of every route with one record id in its path (`/api/admin/jobs/:id`). */
export const IdParams = object({ id: RecordId });

/** Params of the pay link's routes; the token's form is checked with the link (payment-tokens). */
export const PayLinkParams = object({ token: string() });

/** An answer that only says what happened ('Job deleted successfully'). */
export const Message = object({ message: string() });

/** `GET /healthz`, and `GET /readyz` when ready. */
export const Healthy = object({ status: literal('ok') });

/**
 * One PostgreSQL read replica as `GET /readyz` reports it: its URL without credentials, whether
 * the public reads use it (`ok`), skip it (`lagging`: further behind than
 * READ_REPLICA_MAX_LAG_SECONDS; `down`: it does not answer) or have not checked it yet
 * (`starting`), and how far behind the primary it is (seconds; null when unknown).
 */
export const ReplicaReadiness = object({
  name: string(),
  state: enums(['starting', 'ok', 'lagging', 'down']),
  lagSeconds: nullable(number()),
});

/**
 * `GET /readyz` when ready. `schema: 'ahead'` when the database has migrations this build does not
 * know (a newer release applied them, and this one was rolled back to): it serves all the same,
 * and `message` names them. `schema`, `message` and `replicas` come only to a request with the
 * METRICS_TOKEN as a Bearer token; anyone else gets `{ status: 'ok' }` alone.
 */
export const Ready = object({
  status: literal('ok'),
  schema: optional(literal('ahead')),
  message: optional(string()),
  /**
   * With DATABASE_READ_URL: each replica's state. A replica down or lagging leaves the process
   * ready (the primary takes its reads).
   */
  replicas: optional(array(ReplicaReadiness)),
});

/** A 204 answer: no body at all (apiFetch resolves to undefined). */
export const NoContent = described<undefined>(
  'no content',
  { description: 'No body at all.' },
  (value) => value === undefined,
);

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
 * its entry (api/src/platform/http/endpoint-route.ts); the front ends call it with `apiFetch(endpoint, ...)`.
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
  /** The success status when it is not 200 (204: the answer has no body, `NoContent`). */
  readonly status?: 201 | 202 | 204;
  /**
   * The 404 message for a path parameter that cannot name a record, by parameter: such an id
   * names nothing, so it is answered as a record that does not exist.
   */
  readonly notFound?: Readonly<Record<string, string>>;
  /** One message for every invalid body, instead of the list of fields at fault (sign-in). */
  readonly invalid?: string;
  /**
   * The body must carry the spam check's proof (issue 45; human-proof.ts): a solved challenge and
   * an empty honeypot, or the API refuses it with HUMAN_PROOF_MESSAGES.refused. `'body'`: checked
   * before the handler, from the JSON body; `'handler'`: the handler checks it itself (a
   * multipart body, a form drawn without JavaScript). A front end built before the contract of
   * HUMAN_PROOF_SINCE sends none, so `pnpm releases promote` refuses it when it calls one.
   */
  readonly humanProof?: 'body' | 'handler';
  /**
   * Other sites' pages may read it (issue 46): its answers carry `Access-Control-Allow-Origin`
   * for the origins of CORS_ORIGINS, never with credentials. The board's public reads only.
   */
  readonly crossOrigin?: true;
  /**
   * An integrator's route (/api/v1, issue 46): called with an API key (`Authorization: Bearer`),
   * which must hold this scope (403 otherwise). No cookie, so no CSRF header either.
   */
  readonly apiKeyScope?: ApiKeyScope;
  /** The answer's media types when it is not JSON (a CSV export, a résumé's file). */
  readonly mediaTypes?: readonly string[];
  /**
   * The body's media type when it is not JSON (the logo's image bytes, the application's
   * multipart form), which the route reads itself: the table has no struct for it.
   */
  readonly bodyMediaType?: string;
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
 * What a query string of E may hold: the fields of its `querystring` struct, each of which may be
 * left out (it then takes its default); undefined when E reads no query string.
 */
export type EndpointQuery<E extends Endpoint> = E extends {
  querystring: infer Q extends AnyStruct;
}
  ? Partial<Infer<Q>>
  : undefined;

/**
 * What one call of E sends besides its method and path, typed from E's structs: its path
 * parameters (when E has some), its query string (when E reads one) and its body (when E takes
 * one; a body whose every field is optional may be left out, the API reads none as `{}`).
 */
export type EndpointInput<E extends Endpoint> = (EndpointParams<E> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<E> }) &
  (EndpointQuery<E> extends undefined ? { query?: undefined } : { query?: EndpointQuery<E> }) &
  (EndpointBody<E> extends undefined
    ? { body?: undefined }
    : object extends EndpointBody<E>
      ? { body?: EndpointBody<E> }
      : { body: EndpointBody<E> });

/**
 * The arguments after the endpoint of a call of E (`apiFetch`, `endpointKey`): its input, with
 * `Extra` beside it, which may be left out when E needs nothing.
 */
export type EndpointArgs<E extends Endpoint, Extra = unknown> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E> & Extra]
    : [input: EndpointInput<E> & Extra];

/** A call's input as the functions below read it, whatever the endpoint. */
interface AnyInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

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

/**
 * The URL of a call of E: its path with the parameters filled in, and its query string. The
 * query holds only what differs from the defaults of E's `querystring` struct, in the struct's
 * order (a list is repeated once per value), so one view has one URL:
 * `endpointUrl(ENDPOINTS.adminJobPage, { query: { status: 'live', page: 1 } })` is
 * `/api/admin/lists/jobs?status=live`.
 */
export function endpointUrl<E extends Endpoint>(endpoint: E, ...[input]: EndpointArgs<E>): string {
  const { params, query } = (input ?? {}) as AnyInput;
  return `${endpointPath(endpoint, params as EndpointParams<E>)}${queryString(endpoint, query)}`;
}

/**
 * The cache key (SWR's) of a call of E: one text of the endpoint and its input, the same wherever
 * it is built, so the server's first view and the front ends' hooks name a call alike
 * (`endpointKey(ENDPOINTS.searchJobs, { body })`). A GET's key is its URL, so the keys of every
 * page of a list start with the list's path; any other method leads with the method, and a body
 * follows as JSON with its keys sorted (the order an object was built in changes nothing).
 */
export function endpointKey<E extends Endpoint>(endpoint: E, ...args: EndpointArgs<E>): string {
  const url = endpointUrl(endpoint, ...args);
  const call = endpoint.method === 'GET' ? url : `${endpoint.method} ${url}`;
  const body = (args[0] as AnyInput | undefined)?.body;
  return body === undefined ? call : `${call} ${sortedJson(body)}`;
}

/** JSON with every object's keys sorted. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, part: unknown) =>
    part && typeof part === 'object' && !Array.isArray(part)
      ? Object.fromEntries(
          Object.keys(part)
            .sort()
            .map((key) => [key, (part as Record<string, unknown>)[key]]),
        )
      : part,
  );
}

/** The query string of a call of `endpoint` (with its '?'; '' when nothing differs). */
function queryString(endpoint: Endpoint, query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const struct = endpoint.querystring;
  const defaults = struct ? defaultsOf(struct) : {};
  const fields: string[] = struct?.schema ? Object.keys(struct.schema as object) : [];
  const names = [
    ...fields.filter((name) => name in query),
    ...Object.keys(query)
      .filter((name) => !fields.includes(name))
      .sort(),
  ];
  const params = new URLSearchParams();
  for (const name of names) {
    const value = query[name];
    if (value === undefined || value === null || value === '' || value === defaults[name]) {
      continue;
    }
    for (const each of Array.isArray(value) ? (value as unknown[]) : [value]) {
      params.append(name, String(each));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const defaultsByStruct = new WeakMap<AnyStruct, Record<string, unknown>>();

/** What a query struct makes of an empty query string: its defaults (none when it needs a field). */
function defaultsOf(struct: AnyStruct): Record<string, unknown> {
  let defaults = defaultsByStruct.get(struct);
  if (!defaults) {
    const [error, value] = validate({}, struct, { coerce: true });
    defaults = error ? {} : (value as Record<string, unknown>);
    defaultsByStruct.set(struct, defaults);
  }
  return defaults;
}
