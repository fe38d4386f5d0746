import { check, type ErrorBody, type FieldErrors } from '@jobboard/contract/common';
import { type Endpoint } from '@jobboard/contract/endpoints';
import type {
  FastifyInstance,
  FastifyReply,
  FastifySchema,
  FastifySchemaValidationError,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { Infer, Struct } from 'superstruct';
import type { ApiKeyScope } from '@jobboard/contract/admin';
import { HttpError, badRequest, notFound } from './http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an integrator's API key needs (the endpoint's `apiKeyScope`). */
    apiKeyScope?: ApiKeyScope;
    /** Other sites' pages may read it (the endpoint's `crossOrigin`, platform/plugins/cors.ts). */
    crossOrigin?: true;
  }
}

/**
 * Routes declare `{ schema: { params, querystring, body, response } }` with the contract's
 * superstruct structs (api/contract/src/endpoints.ts). Fastify checks the request with them before
 * the handler runs, through the compilers below, and this type provider gives the handler the
 * checked types.
 */
export interface StructTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Struct<infer T, unknown> ? T : unknown;
  serializer: this['schema'] extends Struct<infer T, unknown> ? T : unknown;
}

/**
 * Request values that were checked already (a search body known by its text, jobs/routes/api/jobs.ts): the
 * validator lets them through as they are rather than checking them again.
 */
const checkedValues = new WeakSet<object>();

/** Mark a value as checked by its route's struct (see checkedValues). */
export function markChecked<T extends object>(value: T): T {
  checkedValues.add(value);
  return value;
}

/**
 * Fastify's validator compiler for superstruct structs: the value checked (and its defaults filled
 * in) by the contract's `check`, or the fields at fault, which the route's error formatter turns
 * into the answer (`refusal` below).
 */
export function structValidatorCompiler({ schema }: { schema: unknown }) {
  const struct = schema as Struct<unknown, unknown>;
  return (data: unknown) => {
    if (typeof data === 'object' && data !== null && checkedValues.has(data))
      return { value: data };
    const result = check(struct, data);
    // A list, not an Error: Fastify hands it to the route's schemaErrorFormatter (refusal).
    return result.ok ? { value: result.value } : { error: validationErrors(result.errors) };
  };
}

/** The contract's field messages in Fastify's form; `params.field` keeps the field's key. */
function validationErrors(fields: FieldErrors): FastifySchemaValidationError[] {
  return Object.entries(fields).map(([field, message]) => ({
    keyword: 'struct',
    instancePath: field === 'body' ? '' : `/${field.replaceAll('.', '/')}`,
    schemaPath: '',
    params: { field },
    message,
  }));
}

function fieldsOf(errors: FastifySchemaValidationError[]): FieldErrors {
  return Object.fromEntries(errors.map((e) => [String(e.params.field), e.message ?? '']));
}

/**
 * Answers are written with JSON.stringify, as a route without a schema's are: the response
 * struct documents the answer and is checked by the tests (api/test/support/response-check.ts),
 * not at run time.
 */
export function jsonSerializerCompiler() {
  return (data: unknown) => JSON.stringify(data);
}

/**
 * The answer to a request the route's structs refuse, exactly as the handlers answered it when
 * they checked input themselves: a path id that cannot name a record is a 404 (it names nothing);
 * a body or query at fault is a 400 naming each field (or the endpoint's one message).
 */
export function refusal(endpoint: Endpoint) {
  return (errors: FastifySchemaValidationError[], part: string): HttpError => {
    const fields = fieldsOf(errors);
    if (part === 'params') {
      const name = Object.keys(fields).find((key) => endpoint.notFound?.[key] !== undefined);
      return notFound(name === undefined ? undefined : endpoint.notFound![name]);
    }
    if (part === 'body' && endpoint.invalid) return new HttpError(400, endpoint.invalid, fields);
    return badRequest(fields);
  };
}

/** The schema Fastify gets from an endpoint of the contract. */
type SchemaOf<E extends Endpoint> = {
  params: E['params'];
  querystring: E['querystring'];
  body: E['body'];
  /** E's answer on success; any other status answers an error's `{ message }`. */
  response: Record<number, E['response'] | typeof ErrorBody>;
};

/**
 * A handler of endpoint E: its request typed from E's structs; it returns E's answer (or sends an
 * error's `{ message }` itself, as the readiness probe does).
 */
export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  { Reply: Infer<E['response']> | ErrorBody | FastifyReply },
  unknown,
  SchemaOf<E> & FastifySchema,
  StructTypeProvider
>;

/** Route options beside the schema: rate limits, compression, hooks. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema'> & {
  /**
   * The handler reads the query string as it came, unchecked (its values typed `unknown` by the
   * handler itself): for an endpoint whose query values are all optional and ignored, never
   * refused, when wrong, on a path where a check per request is a measured cost (the counted view:
   * bench, counting). The table still declares the query, for the clients and the docs.
   */
  queryAsIs?: true;
};

/**
 * Registers endpoint E of the contract: its method, its path (relative to the prefix `app` was
 * registered with), its schema and its spam check come from the table, so a route cannot drift
 * from what the front ends call.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  extras: RouteExtras,
  handler: EndpointHandler<E>,
): void {
  if (!endpoint.path.startsWith(app.prefix)) {
    throw new Error(`${endpoint.path} is not under this plugin's prefix ${app.prefix}`);
  }
  const status = endpoint.status ?? 200;
  const schema: FastifySchema = { response: { [status]: endpoint.response } };
  const { queryAsIs, ...options } = extras;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.querystring && !queryAsIs) schema.querystring = endpoint.querystring;
  if (endpoint.body) schema.body = endpoint.body;
  // The contract says which bodies carry the spam check's proof; the human-proof plugin checks
  // them before the handler (one marked 'handler' checks it itself).
  if (endpoint.humanProof === 'body') options.config = { ...options.config, humanProof: true };
  // An integrator's route: the area's guard checks the key's scope (api-keys/integrator-area.ts).
  if (endpoint.apiKeyScope) {
    options.config = { ...options.config, apiKeyScope: endpoint.apiKeyScope };
  }
  if (endpoint.crossOrigin) options.config = { ...options.config, crossOrigin: true };
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path.slice(app.prefix.length) || '/',
    schema,
    schemaErrorFormatter: refusal(endpoint),
    handler:
      status === 200
        ? (handler as RouteHandlerMethod)
        : function (request, reply) {
            reply.status(status);
            return (handler as RouteHandlerMethod).call(this, request, reply);
          },
  });
}
