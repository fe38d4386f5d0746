import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { LogoRefused } from './logo-fetch';

/** The box a stored logo fits within (the card shows 48 px; twice that and more for sharp screens). */
export const LOGO_BOX = 256;

/** What a downloaded file may be, read from its content (never from its name or its headers). */
const TAKEN_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/** A decoded picture larger than this (about 6,000 x 4,000) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 24_000_000;

/** A logo as stored: a small PNG, and the SHA-256 of its bytes (its name under /logos/). */
export interface StoredLogoImage {
  hash: string;
  contentType: 'image/png';
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encode a downloaded logo: its type is read from its content (PNG, JPEG, WebP or GIF; an
 * animated one keeps its first frame), SVG is refused (not rasterised: it may carry scripts and
 * links, and the logos served are pictures only), and it is drawn anew as a PNG that fits within
 * LOGO_BOX (never enlarged), turned as its EXIF says, with no metadata carried over. Whatever the
 * file held besides its pixels is gone.
 */
export async function reencodeLogo(input: Buffer): Promise<StoredLogoImage> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch (error) {
    // Reading the header already refuses a picture past the limit: say so, not "not a picture".
    throw new LogoRefused(tooManyPixels(error) ? 'tooManyPixels' : 'notImage');
  }
  if (format === 'svg') throw new LogoRefused('svg');
  if (!format || !TAKEN_FORMATS.has(format)) throw new LogoRefused('notImage', format);
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize(LOGO_BOX, LOGO_BOX, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return {
      hash: createHash('sha256').update(data).digest('hex'),
      contentType: 'image/png',
      bytes: data,
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (tooManyPixels(error)) throw new LogoRefused('tooManyPixels');
    throw new LogoRefused('notImage', error instanceof Error ? error.message : String(error));
  }
}

/** Whether sharp refused a picture for its pixel count (limitInputPixels). */
function tooManyPixels(error: unknown): boolean {
  return /pixel limit/i.test(error instanceof Error ? error.message : String(error));
}
