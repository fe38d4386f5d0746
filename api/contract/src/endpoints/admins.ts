/** Admin sign-in and the signed-in admin's two-factor sign-in, the security page (api/src/admins/). */
import {
  AdminLogin,
  AuthState,
  DisableTwoFactor,
  RecoveryCodes,
  SignedIn,
  TWO_FACTOR_MESSAGES,
  TwoFactorCode,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '../admin/admins';
import { ADMIN_MESSAGES } from '../admin/messages';
import { type Endpoint, Message } from '../endpoint';

export const login = {
  method: 'POST',
  path: '/api/admin/login',
  summary:
    "Admin sign-in: a new session; throttled per username and address (429 with `Retry-After`). `next: 'code'`: the admin has two-factor sign-in and the session has no admin access until `POST /api/admin/login/code`; `next: 'enrol'`: ADMIN_2FA=required and the admin must set it up first.",
  body: AdminLogin,
  invalid: ADMIN_MESSAGES.login,
  response: SignedIn,
} as const satisfies Endpoint;
export const loginCode = {
  method: 'POST',
  path: '/api/admin/login/code',
  summary:
    "Admin sign-in's second step: a one-time code from the admin's app (each accepted once) or a recovery code (each once) completes the session; throttled with the password, per username and address, and one-time codes per account too, from any address (past 5 wrong ones in a row: 429 with `Retry-After`, waits doubling from 1 to 15 minutes; recovery codes are never paused). 401 when the admin's password or two-factor sign-in changed since the password step.",
  body: TwoFactorCode,
  invalid: TWO_FACTOR_MESSAGES.codeRequired,
  response: SignedIn,
} as const satisfies Endpoint;
export const checkAuth = {
  method: 'GET',
  path: '/api/admin/check-auth',
  summary: 'Who is signed in as an admin (401 when nobody is).',
  response: AuthState,
} as const satisfies Endpoint;
export const logout = {
  method: 'POST',
  path: '/api/admin/logout',
  summary: 'Ends the admin session.',
  response: Message,
} as const satisfies Endpoint;
export const twoFactor = {
  method: 'GET',
  path: '/api/admin/two-factor',
  summary:
    "The signed-in admin's two-factor state: on or off, required or not, recovery codes left.",
  response: TwoFactorStatus,
} as const satisfies Endpoint;
export const twoFactorSetup = {
  method: 'POST',
  path: '/api/admin/two-factor/setup',
  summary:
    'Starts enrolment: a new secret, as text, as an otpauth:// address and as a QR code (SVG); 409 when two-factor sign-in is already on.',
  response: TwoFactorEnrolment,
} as const satisfies Endpoint;
export const twoFactorEnable = {
  method: 'POST',
  path: '/api/admin/two-factor/enable',
  summary:
    'Confirms enrolment with a code from the new secret: two-factor sign-in is on, and the answer holds ten recovery codes, shown this once (stored hashed).',
  body: TwoFactorCode,
  invalid: TWO_FACTOR_MESSAGES.enrolCode,
  response: RecoveryCodes,
} as const satisfies Endpoint;
export const twoFactorDisable = {
  method: 'POST',
  path: '/api/admin/two-factor/disable',
  summary:
    'Turns two-factor sign-in off, given a current code or the password (throttled like sign-in); 409 when ADMIN_2FA=required.',
  body: DisableTwoFactor,
  invalid: TWO_FACTOR_MESSAGES.disableProof,
  response: Message,
} as const satisfies Endpoint;
export const twoFactorRecoveryCodes = {
  method: 'POST',
  path: '/api/admin/two-factor/recovery-codes',
  summary:
    'New recovery codes, given a current code (throttled like sign-in): the old ones stop working; shown this once.',
  body: TwoFactorCode,
  invalid: TWO_FACTOR_MESSAGES.enrolCode,
  response: RecoveryCodes,
} as const satisfies Endpoint;
