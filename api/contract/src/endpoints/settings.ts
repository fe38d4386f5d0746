/** The admins' settings (api/src/settings/). */
import { type Endpoint } from '../endpoint';
import { AdminSettings, AdminSettingsUpdate, TYPO_FIX_LIMITS } from '../proposals';

export const adminSettings = {
  method: 'GET',
  path: '/api/admin/settings',
  summary: "The admins' settings (the employers' typo fixes without review).",
  response: AdminSettings,
} as const satisfies Endpoint;
export const updateSettings = {
  method: 'PUT',
  path: '/api/admin/settings',
  summary: `Changes the settings given. employerTypoFixes: a proposal changing only long texts by at most ${TYPO_FIX_LIMITS.maxChars} characters goes live at once.`,
  body: AdminSettingsUpdate,
  response: AdminSettings,
} as const satisfies Endpoint;
