/** Every line the API report check prints (api-report.ts, decide.ts). */
import type { LineChanges } from './decide';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const MESSAGES = {
  reportStale: (pkg: string, entry: string) =>
    `${pkg} (${entry}): etc/${entry}.api.md is out of date with the source: run pnpm api:report`,
  reportMissing: (pkg: string, entry: string) =>
    `${pkg} (${entry}): etc/${entry}.api.md is missing: run pnpm api:report`,
  reportLeftOver: (pkg: string, entry: string) =>
    `${pkg}: etc/${entry}.api.md reports an entry the package no longer exports: run pnpm api:report`,
  versionNotBumped: (pkg: string, version: string, changes: LineChanges) =>
    `${pkg}: its public API changed since the base (${plural(changes.added, 'line')} added, ${plural(changes.removed, 'line')} removed, ${plural(changes.changed, 'line')} changed) but its version is still ${version} and no pending changeset names it: add a changeset (pnpm changeset) or bump the version: minor for additions, major for removals`,
  noBase:
    'api-report: no base commit (no main branch and no CHANGED_BASE): the reports are checked against the source only, not against a base version',
  scope: (packages: string[], base: string | null) =>
    packages.length
      ? `api-report: ${packages.join(', ')}${base ? ` (changed since ${base.slice(0, 12)})` : ''}`
      : `api-report: no package changed since ${base?.slice(0, 12)}`,
  written: (file: string) => `api-report: wrote ${file}`,
  removed: (file: string) => `api-report: removed ${file}`,
  upToDate: (count: number, seconds: number) =>
    `api-report: ${plural(count, 'package')} checked in ${seconds.toFixed(1)} s`,
  emitFailed: (pkg: string, output: string) =>
    `${pkg}: tsc could not emit its declarations for API Extractor:\n${output}`,
  extractorFailed: (pkg: string, entry: string, lines: string[]) =>
    `${pkg} (${entry}): API Extractor failed:\n${lines.join('\n')}`,
  usage: 'Usage: tsx tools/api-report/api-report.ts write|check',
};
