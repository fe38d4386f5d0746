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
