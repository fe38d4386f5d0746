/**
 * API keys (issue 46): an admin makes one for an applicant-tracking system or a partner site,
 * which then reads the listings or submits one for review with `Authorization: Bearer <key>`
 * (docs/http-api.md#integrators). The words the admin's page and the API both say live here.
 */
import { array, enums, nullable, object, string, type Infer } from 'superstruct';
import { described } from './json-schema';

/**
 * What a key may do: read the board's listings (`GET /api/v1/listings`), submit a listing for
 * review (`POST /api/v1/listings`). A key holds one or both.
 */
export const API_KEY_SCOPES = ['listings:read', 'listings:submit'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Each scope as the admin's page names it. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'listings:read': 'Read listings',
  'listings:submit': 'Submit listings for review',
};

/**
 * The visible start of every key: a key pasted into a log, a chat or a repository is told apart
 * at a glance (and by secret scanners) from any other token.
 */
export const API_KEY_PREFIX = 'jb_live_';

export const API_KEY_LIMITS = {
  /** api_keys.name (100) */
  name: 100,
} as const;

/** What the API answers about keys, and what the admin's page says. */
export const API_KEY_MESSAGES = {
  name: `Please give the key a name of at most ${API_KEY_LIMITS.name} characters (who uses it).`,
  scopes: 'Please choose what the key may do: read listings, submit listings, or both.',
  notFound: 'API key not found',
  /** 401: no Authorization header, or one that is not a Bearer key of this board. */
  missing:
    'This call needs an API key: send it as the header "Authorization: Bearer <key>". An admin of the board makes keys at /admin/api-keys.',
  /** 401: a key of the right form that the board does not know. */
  unknown:
    'This API key is not valid. Check that it was copied whole, or ask an admin for a new one.',
  /** 401: a key an admin revoked. */
  revoked: (on: string) =>
    `This API key was revoked on ${on} and no longer works. Ask an admin of the board for a new one.`,
  /** 403: a key without the scope the call needs. */
  scope: (scope: ApiKeyScope) =>
    `This API key may not do this: it needs the scope "${scope}" (${API_KEY_SCOPE_LABELS[scope]}). Ask an admin for a key that has it.`,
  /** A revoked key's answer to a second revoke. */
  alreadyRevoked: 'This API key is revoked already.',
} as const;

/** `POST /api/admin/api-keys`: a new key's name and what it may do. */
export const ApiKeyInput = object({
  name: described<string>(
    'apiKeyName',
    { type: 'string', minLength: 1, maxLength: API_KEY_LIMITS.name, pattern: '\\S' },
    (value) =>
      (typeof value === 'string' &&
        value.trim() !== '' &&
        value.trim().length <= API_KEY_LIMITS.name) ||
      API_KEY_MESSAGES.name,
  ),
  scopes: described<ApiKeyScope[]>(
    'apiKeyScopes',
    { type: 'array', items: { enum: API_KEY_SCOPES }, minItems: 1, uniqueItems: true },
    (value) =>
      (Array.isArray(value) &&
        value.length > 0 &&
        new Set(value).size === value.length &&
        value.every((scope) => (API_KEY_SCOPES as readonly unknown[]).includes(scope))) ||
      API_KEY_MESSAGES.scopes,
  ),
});
export type ApiKeyInput = Infer<typeof ApiKeyInput>;

/**
 * A key as the admin's list shows it: never the key itself (only its hash is kept), its visible
 * start to tell it apart (`jb_live_AbCd1234`), who made it and when, when it was last used
 * (to the minute: recorded at most once a minute), when it was revoked.
 */
export const ApiKey = object({
  id: string(),
  name: string(),
  /** The key's first characters, its prefix included: what a log or a leaked key shows. */
  start: string(),
  scopes: array(enums(API_KEY_SCOPES)),
  createdBy: string(),
  createdAt: string(),
  lastUsedAt: nullable(string()),
  revokedAt: nullable(string()),
});
export type ApiKey = Infer<typeof ApiKey>;

export const ApiKeyList = array(ApiKey);

/**
 * `POST /api/admin/api-keys` (201): the new key, shown this once (the board keeps only its hash),
 * and the key as the list shows it.
 */
export const CreatedApiKey = object({ key: string(), apiKey: ApiKey });
export type CreatedApiKey = Infer<typeof CreatedApiKey>;

/** The key that submitted a listing, as the admin's review card names it. */
export const SubmittingApiKey = object({ name: string(), start: string() });
export type SubmittingApiKey = Infer<typeof SubmittingApiKey>;

/** How the review card says it: 'Submitted through the API with the key “ATS” (jb_live_AbCd1234…).' */
export const submittedWithKey = (key: SubmittingApiKey) =>
  `Submitted through the API with the key “${key.name}” (${key.start}…).`;
