import { API_KEY_SCOPE_LABELS, type ApiKeyScope } from '@jobboard/contract/admin';

/** Texts of the API keys screen (docs/product.md#admin-api-keys). */
export const API_KEYS_TEXT = {
  title: 'API Keys',
  subtitle:
    'Keys let an applicant-tracking system or a partner site read the listings or submit them for review through the API (its reference is at /api/docs). A submitted listing waits for review like any other.',
  formTitle: 'New API key',
  name: 'Name (who uses it)',
  nameExample: 'Acme ATS',
  scopes: 'What it may do',
  scopeLabels: API_KEY_SCOPE_LABELS,
  create: 'Create key',
  creating: 'Creating...',
  createFailed: 'The key could not be created',
  tryAgain: 'Please try again.',
  shownOnce: 'Copy this key now: it is shown only this once.',
  shownOnceHelp:
    'The board keeps only a fingerprint of it. Give it to the integrator, who sends it as "Authorization: Bearer <key>". A lost key cannot be shown again: revoke it and make another.',
  keyLabel: (name: string) => `The new key for ${name}`,
  copy: 'Copy',
  copied: 'Key copied',
  done: 'Done, I have copied it',
  listHeading: (count: number) => `All API keys (${count})`,
  loading: 'Loading API keys...',
  loadFailed: 'The API keys could not be loaded.',
  empty: 'No API keys yet.',
  columns: ['Name', 'Key', 'May', 'Created', 'Last used', 'Status', 'Actions'],
  createdBy: (date: string, admin: string) => `${date} by ${admin}`,
  neverUsed: 'Never',
  active: 'Active',
  revokedOn: (date: string) => `Revoked on ${date}`,
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke ${name}`,
  revokeTitle: 'Revoke API key',
  revokeConfirm: (name: string) =>
    `Revoke the key "${name}"? Every call with it is refused from now on. This cannot be undone.`,
  revoked: 'API key revoked',
  revokeFailed: 'The key could not be revoked',
} as const;

/** The scopes, each with its label, in the order the form shows them. */
export const SCOPE_CHOICES = Object.entries(API_KEY_SCOPE_LABELS) as [ApiKeyScope, string][];
