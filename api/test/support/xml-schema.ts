import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * XML Schema validation by xmllint (Debian's libxml2-utils), against the sitemaps.org schemas kept
 * in test/support/sitemaps-org (see its README for where they come from).
 */

export const SITEMAP_XSD = path.join(import.meta.dirname, 'sitemaps-org', 'sitemap.xsd');
export const SITEMAP_INDEX_XSD = path.join(import.meta.dirname, 'sitemaps-org', 'siteindex.xsd');

/** What xmllint says of `xml` against `xsd`: `[]` when it validates, else its messages. */
export function xmllintProblems(xml: string, xsd: string): string[] {
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsd, '-'], {
    input: xml,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) {
    throw new Error(
      `xmllint could not run (${result.error.message}): apt-get install -y libxml2-utils`,
    );
  }
  const messages = result.stderr.split('\n').filter((line) => line && line !== '- validates');
  return result.status === 0 && !messages.length ? [] : messages.slice(0, 20);
}
