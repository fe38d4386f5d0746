import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { apiDescription } from '../../src/api-docs/api-description';

/**
 * A check of requests and answers against the OpenAPI document the API serves (GET
 * /api/openapi.json), by an independent JSON Schema validator (ajv, draft 2020-12: OpenAPI 3.1's
 * dialect): what the document promises is what the API does, so the document cannot drift from
 * it. Each check answers the errors found, `[]` when the value matches.
 */
export interface DocumentCheck {
  /** The document itself. */
  document: OpenApiDocument;
  /** `body`, answered with `status` by `method path` (a route's path: `/api/jobs/:id`). */
  answer(method: string, path: string, status: number, body: unknown): string[];
  /** A JSON request body `method path` takes. */
  request(method: string, path: string, body: unknown): string[];
  /** Whether the document describes `method path`. */
  describes(method: string, path: string): boolean;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  [key: string]: unknown;
}

export interface Operation {
  operationId: string;
  summary?: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { required: boolean; content: Record<string, { schema?: unknown }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: unknown }> }
  >;
  security: Record<string, string[]>[];
}

const DOCUMENT_ID = 'openapi.json';

/** The JSON pointer of a path's key: `/` written `~1` (RFC 6901). */
const pointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
/** A route's path as the document writes it (`/api/jobs/{id}`). */
const documentPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** A check against `document` (see DocumentCheck). */
export function documentCheck(document: OpenApiDocument): DocumentCheck {
  // strict: false: the document's own keywords (openapi, paths...) are no JSON Schema keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction | null>();

  const validator = (parts: string[]): ValidateFunction | null => {
    const ref = `${DOCUMENT_ID}#/${parts.map(pointer).join('/')}`;
    if (!compiled.has(ref)) compiled.set(ref, ajv.compile({ $ref: ref }));
    return compiled.get(ref)!;
  };
  const errorsOf = (validate: ValidateFunction, value: unknown) =>
    validate(value)
      ? []
      : (validate.errors ?? []).map((error) =>
          `${error.instancePath || '(the value)'} ${error.message ?? ''}`.trim(),
        );
  const operation = (method: string, path: string) =>
    document.paths[documentPath(path)]?.[method.toLowerCase()];

  return {
    document,
    describes: (method, path) => operation(method, path) !== undefined,
    answer(method, path, status, body) {
      const found = operation(method, path);
      if (!found) return [`${method} ${path} is not in the document`];
      const key = String(status) in found.responses ? String(status) : 'default';
      const media = found.responses[key]?.content?.['application/json'];
      if (!media?.schema)
        return [`${method} ${path} answers no JSON with ${status} in the document`];
      return errorsOf(
        validator([
          'paths',
          documentPath(path),
          method.toLowerCase(),
          'responses',
          key,
          'content',
          'application/json',
          'schema',
        ])!,
        body,
      );
    },
    request(method, path, body) {
      const found = operation(method, path);
      if (!found?.requestBody?.content['application/json']?.schema) {
        return [`${method} ${path} takes no JSON body in the document`];
      }
      return errorsOf(
        validator([
          'paths',
          documentPath(path),
          method.toLowerCase(),
          'requestBody',
          'content',
          'application/json',
          'schema',
        ])!,
        body,
      );
    },
  };
}

let shared: DocumentCheck | undefined;

/**
 * The check of the document an app serves. Its schemas are the same whatever the app's
 * configuration (the title and server differ), so one is made for the whole test file.
 */
export function appDocumentCheck(app: FastifyInstance): DocumentCheck {
  shared ??= documentCheck(
    JSON.parse(apiDescription(app).bytes.toString('utf8')) as OpenApiDocument,
  );
  return shared;
}
