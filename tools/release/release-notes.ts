/**
 * What the site's release (release-site.ts) reads and writes besides git: the packages a
 * changeset names, which of them the site ships, and the operators' notes' `## Unreleased`.
 */

/** The package whose version is the site's (api/src/platform/version.ts says why). */
export const SITE_PACKAGE = '@jobboard/api';

/**
 * The packages whose code is in the release bundle: the API and its contract, the shell and the
 * remotes, and the kit built into them. A change to any of them is a new version of the site.
 */
export const SHIPPED_PACKAGES = [
  SITE_PACKAGE,
  '@jobboard/contract',
  '@jobboard/shared-ui',
  'shell',
  'mfe-board',
  'mfe-submit',
  'mfe-admin',
];

/** The packages a changeset file's front matter names (`'@jobboard/api': patch`). */
export function packagesNamed(changeset: string): string[] {
  const front = /^---\n([\s\S]*?)\n---/.exec(changeset)?.[1] ?? '';
  return front
    .split('\n')
    .map((line) => /^\s*['"]?([^'":]+)['"]?\s*:\s*(major|minor|patch)\s*$/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name));
}

const UNRELEASED = /^## Unreleased[ \t]*$/m;

/** Why a CHANGELOG.md or UPGRADING.md cannot be released, or null. */
export function releaseNotesProblem(notes: string): string | null {
  const heading = UNRELEASED.exec(notes);
  if (!heading) {
    return 'no "## Unreleased" section: write what this release changes for an operator there first.';
  }
  const rest = notes.slice(heading.index + heading[0].length);
  const body = rest.slice(0, rest.search(/^## /m) === -1 ? undefined : rest.search(/^## /m));
  return body.trim() ? null : 'the "## Unreleased" section is empty.';
}

/** The notes with `## Unreleased` named after the version released: `## 1.0.3 (2026-12-01)`. */
export function withVersionHeading(notes: string, version: string, date: string): string {
  return notes.replace(UNRELEASED, `## ${version} (${date})`);
}
