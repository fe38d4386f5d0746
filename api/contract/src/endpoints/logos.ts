/** The submission form's logo upload (api/src/logos/). */
import { type Endpoint } from '../endpoint';
import { LogoUploaded } from '../logo-upload';

/**
 * The submission form's logo file: the raw bytes with `Content-Type: image/png`, `image/jpeg` or
 * `image/webp` (at most 1 MB; not JSON, so no `body` struct), re-encoded and stored by hash.
 */
export const uploadLogo = {
  method: 'POST',
  path: '/api/logos',
  summary:
    "A logo file for a submission (PNG, JPEG or WebP bytes, at most 1 MB), re-encoded as a PNG within 256 px and stored by hash; answers its /logos/<hash>.png path; 429 past the submissions' rate limit; 503 with Retry-After while too many logos wait to be decoded.",
  bodyMediaType: 'image/*',
  status: 201,
  response: LogoUploaded,
} as const satisfies Endpoint;
