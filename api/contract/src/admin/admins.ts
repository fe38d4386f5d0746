/** The admins' sign-in and two-factor sign-in (api/src/admins/). */
import {
  array,
  boolean,
  enums,
  integer,
  literal,
  min,
  object,
  optional,
  refine,
  string,
  type Infer,
} from 'superstruct';
import { filled } from './form-rules';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from './messages';

/** Messages of admin two-factor sign-in: the sign-in's code step and the account's security page. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Please enter the 6-digit code from your authenticator app, or a recovery code',
  enrolCode: 'Please enter the 6-digit code your authenticator app shows',
  badCode: 'That code is not right, or it was already used. Please try again.',
  noPendingSignIn: 'Please log in to continue.',
  /**
   * The account's one-time codes are paused after wrong ones, from any address (issue 43, finding
   * 1); `wait` says how long ('2 minutes'). Recovery codes are never paused.
   */
  codesPaused: (wait: string) =>
    `Too many wrong codes were entered for this account. Please wait ${wait} before entering a code from your authenticator app again, or sign in now with one of your recovery codes.`,
  credentialsChanged:
    'The password or two-factor sign-in of this account changed after you entered the password. Please log in again.',
  enrolFirst: 'Please set up two-factor sign-in to continue.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  noSetup: 'Please start the setup again.',
  requiredHere: 'Two-factor sign-in is required on this board; it cannot be turned off.',
  disableProof: 'Please enter a current code or your password',
  badPassword: 'That password is not right.',
  // The screens.
  codeStepTitle: 'Two-factor sign-in',
  codeStepHint:
    'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeLabel: 'Code',
  verify: 'Verify',
  securityTitle: 'Account security',
  statusOn: 'Two-factor sign-in is on.',
  statusOff: 'Two-factor sign-in is off.',
  requiredNotice: 'This board requires two-factor sign-in. Set it up to continue.',
  recoveryLeft: (n: number) => `${n} recovery code${n === 1 ? '' : 's'} left.`,
  start: 'Set up two-factor sign-in',
  scan: 'Scan this QR code with your authenticator app, or enter the key below by hand.',
  secretLabel: 'Key',
  qrAlt: 'QR code to add this account to an authenticator app',
  confirm: 'Turn on',
  recoveryTitle: 'Your recovery codes',
  recoveryHint:
    'Each code signs you in once without your authenticator app. Keep them somewhere safe: they are shown only now.',
  recoveryDone: 'I have saved these codes',
  regenerate: 'New recovery codes',
  regenerateHint: 'Enter a current code: your old recovery codes stop working.',
  disable: 'Turn off two-factor sign-in',
  disableHint: 'Enter a current code or your password.',
  passwordLabel: 'Password',
} as const;

/** Longest text the two-factor forms take (a code is 6 digits, a recovery code 19 characters). */
export const TWO_FACTOR_LIMITS = { code: 40 } as const;

export const AdminLogin = object({
  username: filled(ADMIN_MESSAGES.login, ADMIN_LIMITS.username),
  password: filled(ADMIN_MESSAGES.login, ADMIN_LIMITS.password),
});
export type AdminLogin = Infer<typeof AdminLogin>;

/**
 * `GET /api/admin/check-auth`. `enrolRequired`: the board requires two-factor sign-in
 * (ADMIN_2FA=required) and this admin has not set it up: only the security page works.
 */
export const AuthState = object({
  authenticated: literal(true),
  username: string(),
  enrolRequired: optional(literal(true)),
});
export type AuthState = Infer<typeof AuthState>;

/**
 * `POST /api/admin/login`: who signed in. `next: 'code'`: the password was right, and the admin
 * must give a one-time or recovery code (`POST /api/admin/login/code`) before the session has any
 * admin access. `next: 'enrol'`: signed in, but the board requires two-factor sign-in and the admin
 * must set it up first.
 */
export const SignedIn = object({
  username: string(),
  next: optional(enums(['code', 'enrol'])),
});
export type SignedIn = Infer<typeof SignedIn>;

/** A one-time code (or, at sign-in, a recovery code), as typed. */
export const TwoFactorCode = object({
  code: filled(TWO_FACTOR_MESSAGES.codeRequired, TWO_FACTOR_LIMITS.code),
});
export type TwoFactorCode = Infer<typeof TwoFactorCode>;

/** Turning two-factor sign-in off: a current code or the password. */
export const DisableTwoFactor = refine(
  object({
    code: optional(string()),
    password: optional(string()),
  }),
  'proof',
  (value) =>
    (value.code ?? '').trim() !== '' ||
    (value.password ?? '') !== '' ||
    TWO_FACTOR_MESSAGES.disableProof,
);
export type DisableTwoFactor = Infer<typeof DisableTwoFactor>;

/** `GET /api/admin/two-factor`: the signed-in admin's two-factor state (never the secret). */
export const TwoFactorStatus = object({
  enabled: boolean(),
  required: boolean(),
  recoveryCodesLeft: min(integer(), 0),
});
export type TwoFactorStatus = Infer<typeof TwoFactorStatus>;

/** `POST /api/admin/two-factor/setup`: what the enrolment shows, once. */
export const TwoFactorEnrolment = object({
  secret: string(),
  otpauthUrl: string(),
  /** The otpauth:// address as a QR code, an SVG document. */
  qrSvg: string(),
});
export type TwoFactorEnrolment = Infer<typeof TwoFactorEnrolment>;

/** New recovery codes, shown once. */
export const RecoveryCodes = object({ recoveryCodes: array(string()) });
export type RecoveryCodes = Infer<typeof RecoveryCodes>;
