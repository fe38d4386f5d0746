import { object, type Infer } from 'superstruct';
import { described } from './json-schema';
import { LOGO_PATH_PREFIX } from './urls';

/**
 * A logo the employer uploads with the submission form (issue 30): the file goes to
 * `POST /api/logos` as raw bytes, the API re-encodes it as every stored logo is (a PNG within
 * 256 px, api/src/logos/logo-image.ts) and answers its path on our own origin, which the
 * submission's `logoUrl` then carries instead of a web address.
 */

/** The types the form and the API take, as the browser names them (the API reads the content). */
export const LOGO_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoUploadType = (typeof LOGO_UPLOAD_TYPES)[number];

/** The largest file taken: 1 MB. */
export const LOGO_UPLOAD_MAX_BYTES = 1024 * 1024;

/** Every message of a logo upload, the form's and the API's. */
export const LOGO_UPLOAD_MESSAGES = {
  type: 'Please choose a PNG, JPEG or WebP picture',
  tooLarge: 'Please choose a picture of at most 1 MB',
  notImage: 'This file is not a PNG, JPEG or WebP picture',
  svg: 'SVG logos are not taken: please choose a PNG, JPEG or WebP picture',
  tooManyPixels: 'This picture is too large to read: please choose a smaller one',
  /** 503: too many logos are being read at this moment. */
  busy: 'Many logos are being read just now. Please try again in a moment.',
  /** A submission naming an uploaded logo the board does not hold. */
  unknown: 'The uploaded logo was not found: please choose the file again',
  uploading: 'Uploading the logo...',
  failed: 'The logo could not be uploaded. Please try again.',
  /** The form's texts around the field. */
  label: 'Logo file (optional)',
  hint: 'PNG, JPEG or WebP, at most 1 MB. It is shown at up to 256 pixels.',
  orAddress: 'or a web address of your logo',
  preview: 'Logo preview',
  remove: 'Remove logo',
} as const;

const UPLOADED_LOGO = new RegExp(`^${LOGO_PATH_PREFIX}([0-9a-f]{64})\\.png$`);

/** The hash of an uploaded logo's path (`/logos/<hash>.png`), or undefined for anything else. */
export function uploadedLogoHash(value: string | null | undefined): string | undefined {
  return value ? UPLOADED_LOGO.exec(value.trim())?.[1] : undefined;
}

/** Whether `type` is one of LOGO_UPLOAD_TYPES (a browser's `File.type`, a request's Content-Type). */
export function isLogoUploadType(type: string): type is LogoUploadType {
  return (LOGO_UPLOAD_TYPES as readonly string[]).includes(
    type.split(';')[0]!.trim().toLowerCase(),
  );
}

/**
 * What the browser checks of a chosen file before sending it (the API checks again, and reads
 * the content besides): the message to show by the field, or null when it may be sent.
 */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!isLogoUploadType(file.type)) return LOGO_UPLOAD_MESSAGES.type;
  if (file.size > LOGO_UPLOAD_MAX_BYTES) return LOGO_UPLOAD_MESSAGES.tooLarge;
  return null;
}

/** `POST /api/logos` answers the stored logo's path. */
export const LogoUploaded = object({
  logo: described<string>(
    'uploadedLogo',
    { type: 'string', pattern: UPLOADED_LOGO.source },
    (value) => typeof value === 'string' && uploadedLogoHash(value) !== undefined,
  ),
});
export type LogoUploaded = Infer<typeof LogoUploaded>;
