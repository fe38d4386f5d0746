/**
 * The public API for integrators (issue 46): the OpenAPI document of every route, the admin's API
 * keys (api/src/api-keys/), and the integrators' own routes under /api/v1, called with a key.
 */
import { ApiKey, ApiKeyInput, ApiKeyList, CreatedApiKey } from '../api-keys';
import { type Endpoint } from '../endpoint';
import { JobList } from '../job';
import { described } from '../json-schema';
import { JobListQuery } from '../search';
import { SubmissionForm, SubmissionReceived } from '../submission';
import { byId } from './params';

/** The OpenAPI document: an object whose `openapi` names the version (3.1). */
export const OpenApiDocument = described<Record<string, unknown>>(
  'openApiDocument',
  {
    type: 'object',
    required: ['openapi', 'info', 'paths'],
    properties: { openapi: { type: 'string', pattern: '^3\\.1\\.' } },
  },
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);

export const openApiDocument = {
  method: 'GET',
  path: '/api/openapi.json',
  summary:
    'This API described by OpenAPI 3.1: every route with its parameters, body, answer and who may call it, generated from the endpoint table. Drawn as a reference page at /api/docs.',
  crossOrigin: true,
  response: OpenApiDocument,
} as const satisfies Endpoint;

const apiKeyId = byId('API key not found');
export const adminApiKeys = {
  method: 'GET',
  path: '/api/admin/api-keys',
  summary:
    'Every API key, newest first: its name, its visible start, its scopes, who made it, when it was last used and revoked. Never the key itself.',
  response: ApiKeyList,
} as const satisfies Endpoint;
export const createApiKey = {
  method: 'POST',
  path: '/api/admin/api-keys',
  summary:
    'Makes an API key with a name and its scopes. The answer holds the key itself, this once: the board keeps only its hash.',
  body: ApiKeyInput,
  status: 201,
  response: CreatedApiKey,
} as const satisfies Endpoint;
export const revokeApiKey = {
  method: 'POST',
  path: '/api/admin/api-keys/:id/revoke',
  summary: 'Revokes an API key: every call with it is refused from now on (401). Kept in the list.',
  ...apiKeyId,
  response: ApiKey,
} as const satisfies Endpoint;

export const integratorListings = {
  method: 'GET',
  path: '/api/v1/listings',
  summary:
    "One page of the board's live listings, as `GET /api/jobs` answers them (featured first, newest first; `X-Total-Count` and `Link` headers give the total and the next page). Scope `listings:read`.",
  querystring: JobListQuery,
  apiKeyScope: 'listings:read',
  response: JobList,
} as const satisfies Endpoint;
export const integratorSubmitListing = {
  method: 'POST',
  path: '/api/v1/listings',
  summary:
    "Submits a listing for review, as the board's submission form does: the same fields and messages (400 names each field at fault), priced from its tier and promo code, then reviewed, paid and published like any other. No spam check: the key is the proof. Scope `listings:submit`.",
  body: SubmissionForm,
  apiKeyScope: 'listings:submit',
  status: 201,
  response: SubmissionReceived,
} as const satisfies Endpoint;
