/**
 * A link taken from job data, when it is safe to put in an `href` (or to name as a company's site
 * in the job page's JobPosting): only http(s) URLs pass, so a stored `javascript:` or malformed
 * address can never become a clickable link.
 */
export function httpUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Where the board serves the company logos it stored (api/src/logos/): `/logos/<sha-256>.png`. */
export const LOGO_PATH_PREFIX = '/logos/';

/** The path of a stored logo on the board's own origin. */
export function logoPath(hash: string): string {
  return `${LOGO_PATH_PREFIX}${hash}.png`;
}

/**
 * A company logo as a job carries it, when it is one the board serves itself (`/logos/<hash>.png`):
 * the only logos pages show, so a visitor's browser never asks a third party for one.
 */
export function ownLogoPath(logo: string | null | undefined): string | undefined {
  return logo && /^\/logos\/[0-9a-f]{64}\.png$/.test(logo) ? logo : undefined;
}

/** A stored logo's full address on the board (`origin` + its path): link previews, structured data. */
export function ownLogoUrl(origin: string, logo: string | null | undefined): string | undefined {
  const own = ownLogoPath(logo);
  return own ? `${origin.replace(/\/+$/, '')}${own}` : undefined;
}
