import * as admin from '@jobboard/contract/admin';
import * as applications from '@jobboard/contract/applications';
import * as common from '@jobboard/contract/common';
import { ErrorBody, type JsonSchema } from '@jobboard/contract/common';
import * as employer from '@jobboard/contract/employer';
import { ENDPOINTS, type AnyStruct, type Endpoint } from '@jobboard/contract/endpoints';
import * as jobs from '@jobboard/contract/jobs';
import * as members from '@jobboard/contract/members';
import * as payments from '@jobboard/contract/payments';
import * as releases from '@jobboard/contract/releases';
import * as site from '@jobboard/contract/site';
import * as submissions from '@jobboard/contract/submissions';
import * as alerts from '@jobboard/contract/alerts';
import { Struct } from 'superstruct';
import { contractVersion } from '../../contract-version';
import { leftOut, structSchema } from './struct-schema';

/**
 * How an area of the URL space is called, as the OpenAPI document says it (platform/http/route-area.ts):
 * the security scheme its routes need, and which of its routes are called without it.
 */
export interface AreaSecurity {
  /** The scheme's name in `components.securitySchemes` (`adminSession`). */
  name: string;
  /** The OpenAPI Security Scheme Object. */
  scheme: Record<string, unknown>;
  /** The tag of the area's operations in the reference page ('Admin'). */
  tag: string;
  /** Whether the route needs the scheme (signing in does not). */
  needed(method: string, path: string): boolean;
}

/** An area as the document reads it: which URLs it covers and how they are called. */
export interface DocumentArea {
  covers(url: string): boolean;
  security?: AreaSecurity;
}

export interface DocumentOptions {
  /** The publication's name: the document's title is '<name> API'. */
  boardName: string;
  /** The site's address: the server the paths are relative to. */
  publicUrl: string;
  areas: readonly DocumentArea[];
  /** The endpoints to describe (default: the whole table). */
  endpoints?: Readonly<Record<string, Endpoint>>;
}

/** The contract's named structs, whose name an answer's schema takes (components.schemas). */
const NAMED_MODULES: readonly Record<string, unknown>[] = [
  common,
  jobs,
  applications,
  submissions,
  payments,
  admin,
  alerts,
  members,
  employer,
  site,
  releases,
];

/**
 * The OpenAPI 3.1 document of the API, from the contract's endpoint table (docs/http-api.md): each
 * endpoint's method, path, parameters, body and answer as JSON Schema (struct-schema.ts), its
 * summary, who may call it (the areas' security schemes) and the error answer every route shares.
 * Built once per process by the route that serves it; the tests check it with an independent
 * parser and every answer of the API suite against it.
 */
export function openApiDocument(options: DocumentOptions): Record<string, unknown> {
  const endpoints = options.endpoints ?? (ENDPOINTS as unknown as Record<string, Endpoint>);
  const components = new Components();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, endpoint] of Object.entries(endpoints)) {
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(
      operationId,
      endpoint,
      options.areas,
      components,
    );
  }
  const schemes = Object.fromEntries(
    options.areas.flatMap((area) =>
      area.security ? [[area.security.name, area.security.scheme]] : [],
    ),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: `${options.boardName} API`,
      // The contract's version: what the document describes.
      version: contractVersion(),
      description:
        'Every route of the job board, generated from its endpoint table. Integrators read listings and submit them for review at /api/v1 with an API key an admin makes (docs/http-api.md#integrators).',
    },
    servers: [{ url: options.publicUrl.replace(/\/$/, '') }],
    tags: TAGS.map((name) => ({ name })),
    paths,
    components: {
      schemas: { ErrorBody: errorSchema(), ...components.schemas },
      securitySchemes: schemes,
    },
  };
}

/** The reference page's groups, in its order. */
const TAGS = ['Public', 'Integrators', 'Employer', 'Member', 'Admin', 'Operators'] as const;

function operation(
  operationId: string,
  endpoint: Endpoint,
  areas: readonly DocumentArea[],
  components: Components,
): Record<string, unknown> {
  const at = `${endpoint.method} ${endpoint.path}`;
  const security = areas.find((area) => area.covers(endpoint.path))?.security;
  const needed = security?.needed(endpoint.method, endpoint.path) ?? false;
  return {
    operationId,
    tags: [security?.tag ?? (endpoint.path.startsWith('/api/') ? 'Public' : 'Operators')],
    ...(endpoint.summary ? { summary: endpoint.summary } : {}),
    ...parameters(endpoint, at),
    ...requestBody(endpoint, at),
    responses: {
      [String(endpoint.status ?? 200)]: success(endpoint, at, components),
      default: {
        description:
          'An error: `message` says what is wrong; a 400 names each field at fault in `fields`.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    },
    security: needed && security ? [{ [security.name]: scopes(endpoint) }] : [],
  };
}

/** The scopes an API key needs for the route (OpenAPI 3.1 allows them for any scheme). */
const scopes = (endpoint: Endpoint): string[] =>
  endpoint.apiKeyScope ? [endpoint.apiKeyScope] : [];

function parameters(endpoint: Endpoint, at: string): { parameters?: unknown[] } {
  const list = [
    ...fieldsOf(endpoint.params, 'path', `${at} path`),
    ...fieldsOf(endpoint.querystring, 'query', `${at} query`),
  ];
  return list.length ? { parameters: list } : {};
}

function fieldsOf(struct: AnyStruct | undefined, place: 'path' | 'query', at: string): unknown[] {
  if (!struct) return [];
  const fields = (struct.schema ?? {}) as Record<string, AnyStruct>;
  return Object.entries(fields).map(([name, field]) => {
    const absent = leftOut(field, 'request');
    const schema = structSchema(field, { direction: 'request', at: `${at}.${name}` });
    return {
      name,
      in: place,
      required: place === 'path' || !absent.optional,
      schema: 'default' in absent ? { ...schema, default: absent.default } : schema,
    };
  });
}

function requestBody(endpoint: Endpoint, at: string): { requestBody?: unknown } {
  if (endpoint.body) {
    return {
      requestBody: {
        required: !leftOut(endpoint.body, 'request').optional,
        content: {
          'application/json': {
            schema: structSchema(endpoint.body, { direction: 'request', at: `${at} body` }),
          },
        },
      },
    };
  }
  if (endpoint.bodyMediaType) {
    // Read by the route itself (the summary says what it holds): its bytes, not a JSON struct.
    return { requestBody: { required: true, content: { [endpoint.bodyMediaType]: {} } } };
  }
  return {};
}

function success(endpoint: Endpoint, at: string, components: Components): Record<string, unknown> {
  const description = endpoint.summary ?? 'Done.';
  if (endpoint.status === 204) return { description };
  if (endpoint.mediaTypes) {
    return {
      description,
      content: Object.fromEntries(
        endpoint.mediaTypes.map((type) => [
          type,
          type.startsWith('text/') ? { schema: { type: 'string' } } : {},
        ]),
      ),
    };
  }
  const schema = structSchema(endpoint.response, {
    direction: 'response',
    at: `${at} answer`,
    component: components.reference,
  });
  return { description, content: { 'application/json': { schema } } };
}

function errorSchema(): JsonSchema {
  return structSchema(ErrorBody, { direction: 'response', at: 'ErrorBody' });
}

/**
 * The answers' named objects, each written once under `components.schemas` as the contract names
 * it (`Job`, `AdminSubmission`) and referred to wherever an answer holds it. An object struct is
 * known by its fields, which `optional`, `nullable` and refinements of it share.
 */
class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly names = namedStructs();

  readonly reference = (struct: AnyStruct, write: () => JsonSchema): JsonSchema | undefined => {
    const name = this.names.get(struct.schema as object);
    if (name === undefined) return undefined;
    if (!(name in this.schemas)) {
      this.schemas[name] = {}; // taken before it is written: a struct that holds itself refers
      this.schemas[name] = write();
    }
    return { $ref: `#/components/schemas/${name}` };
  };
}

let named: Map<object, string> | undefined;

/** Each exported object struct of the contract's entries, by its fields, under its first name. */
function namedStructs(): Map<object, string> {
  if (named) return named;
  named = new Map();
  for (const module of NAMED_MODULES) {
    for (const [name, value] of Object.entries(module)) {
      if (!(value instanceof Struct) || !/^[A-Z][A-Za-z0-9]*$/.test(name)) continue;
      if (value.type !== 'object' && value.type !== 'type') continue;
      const fields = value.schema as object | null;
      if (fields && !named.has(fields)) named.set(fields, name);
    }
  }
  return named;
}
