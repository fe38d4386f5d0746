import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { LogoRefused } from './logo-fetch';

// libvips keeps the results of its last operations (up to 50 MB) in case they are asked again;
// no logo is decoded twice in a row, and with it 16 uploads' peak was some 100 MB higher (issue
// 43, finding 10: test/system/logo-decode-memory.test.ts). The logos are this process's only
// pictures.
sharp.cache(false);

/** The box a stored logo fits within (the card shows 48 px; twice that and more for sharp screens). */
export const LOGO_BOX = 256;

/** What a downloaded file may be, read from its content (never from its name or its headers). */
const TAKEN_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/**
 * A picture larger than this (4,000 x 4,000) is refused from its header, before it is decoded
 * (issue 43, finding 10; it was 24 million). A logo is stored within LOGO_BOX, 256 px: this is
 * over 15 times that each way, more than a brand kit's largest logo. A decode holds the whole
 * picture (a GIF about 6 bytes a pixel: some 100 MB at this size), and the decodes take turns
 * (logo-decodes.ts).
 */
export const MAX_INPUT_PIXELS = 16_000_000;

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
