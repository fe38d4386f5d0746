/** The admins' settings (api/src/settings/). */
import { type Endpoint } from '../endpoint';
import { AdminSettings, AdminSettingsUpdate, TYPO_FIX_LIMITS } from '../proposals';
import { REPORT_LIMITS } from '../reports';

export const adminSettings = {
  method: 'GET',
  path: '/api/admin/settings',
  summary:
    "The admins' settings (the employers' typo fixes without review, the pay rule, the reports that hide a listing).",
  response: AdminSettings,
} as const satisfies Endpoint;
export const updateSettings = {
  method: 'PUT',
  path: '/api/admin/settings',
  summary: `Changes the settings given. employerTypoFixes: a proposal changing only long texts by at most ${TYPO_FIX_LIMITS.maxChars} characters goes live at once. reportThreshold: the independent open reports that take a listing off the board until an admin decides (0 to ${REPORT_LIMITS.maxThreshold}; 0: never by itself).`,
  body: AdminSettingsUpdate,
  response: AdminSettings,
} as const satisfies Endpoint;
