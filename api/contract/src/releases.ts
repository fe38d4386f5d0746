import greaterThan from 'semver/functions/gt';
import satisfies from 'semver/functions/satisfies';
import validRange from 'semver/ranges/valid';
import {
  array,
  enums,
  literal,
  nonempty,
  nullable,
  object,
  optional,
  record,
  string,
  validate,
  type Infer,
} from 'superstruct';
import { described } from './json-schema';
import { APP_NAMES, isIntegrity } from './remotes';
import { RemoteRoutes } from './routes';

/**
 * A release of a front-end app and the one check of whether it fits (issue 28): the build writes
 * `release.json`, the operator's `pnpm releases promote` refuses a release that does not fit what
 * is live, the server picks the version a page serves, and the shell checks each remote before it
 * loads it. All four read release.json with the struct below and compare shared modules with
 * `unmetShared`, so none of them can judge a release differently.
 *
 * semver is imported function by function (`semver/functions/satisfies`): the shell bundles this
 * file, and the whole package would carry its parser, classes and every other function along.
 */

/**
 * What one build of an app is (docs/frontend-delivery.md#releasejson): which app and version, the
 * commit it was built from, when, what it gives the page and what it needs from the live shell and
 * the API.
 */
export const ReleaseManifest = object({
  /** The app's federation name: 'shell', 'mfe_board'... */
  app: enums(APP_NAMES),
  /** Its version folder. */
  version: nonempty(string()),
  /** `git rev-parse --short HEAD` at build time, or 'unknown' outside a git checkout. */
  commit: nonempty(string()),
  /** ISO 8601 time of the build. */
  builtAt: nonempty(string()),
  provides: object({
    /**
     * Each shared singleton (by the request the apps import: 'react/jsx-runtime',
     * '@jobboard/shared-ui/router') and the exact version it was built with.
     */
    shared: record(string(), string()),
    /** The pages a remote exposes ('./BoardPage'); none for the shell. */
    exposes: array(string()),
    /**
     * A remote's routes (RemoteRoute: path pattern, page, server-rendered, title, loading text),
     * which the server and the shell read at run time. Absent for the shell, and in a remote built
     * before remotes declared their routes.
     */
    routes: optional(RemoteRoutes),
    /**
     * A shell that gives the page the highest copy of each shared singleton that a loaded app
     * carries (it registers the remotes carrying a newer copy before it starts: issue 28). Absent
     * in a remote, and in a shell built before: such a shell starts with its own copies and keeps
     * them, so a remote needing a newer one does not run beside it (`SharingApp.keepsOwnCopies`).
     */
    sharesHighest: optional(literal(true)),
  }),
  requires: object({
    /** Each shared singleton and the range of versions it accepts ('^19.3.1'). */
    shared: record(string(), string()),
    /** The contract it was built against, as a range ('^1.0.0'). */
    contract: nonempty(string()),
    /** The contract endpoints its code calls (keys of ENDPOINTS), sorted. */
    endpoints: array(string()),
  }),
});

export type ReleaseManifest = Infer<typeof ReleaseManifest>;

/**
 * Why a release or a file of the releases is refused or does not fit: the operator reads these
 * from `pnpm releases`, the server's log and the shell's reports carry the same sentences.
 */
export const RELEASE_MESSAGES = {
  notJson: 'it is not valid JSON',
  invalidField: (at: string, problem: string) => `${at}: ${problem}`,
  /** An app's release as the messages name it: 'mfe_board 1.2.0-20261122101500'. */
  label: (app: string, version: string) => `${app} ${version}`,
  sharedNotRange: (who: string, request: string, range: string) =>
    `${who} requires ${request} "${range}", which is not a version range.`,
  sharedNotProvided: (who: string, request: string, range: string, provider: string) =>
    `${who} needs ${request} ${range}, but ${provider} does not provide it.`,
  sharedUnmet: (who: string, request: string, range: string, provider: string, version: string) =>
    `${who} needs ${request} ${range}, but ${provider} provides ${version}.`,
  sharedNowhere: (who: string, request: string, range: string) =>
    `${who} needs ${request} ${range}, which no live app provides.`,
  sharedConflict: (who: string, request: string, range: string, version: string, from: string) =>
    `${who} needs ${request} ${range}, but the page would share ${request} ${version} (the highest version among the live apps, from ${from}).`,
  sharedKept: (who: string, request: string, range: string, version: string, from: string) =>
    `${who} needs ${request} ${range}, but the page would share ${request} ${version}: ${from} was built before shells took a newer copy from a remote, and keeps its own.`,
  /** The shell, as its load-time check names it ('the shell 1.0.0-...' when it knows its version). */
  thisShell: (version: string) => `the shell ${version}`,
  /** A remote's release.json that the shell could not read at load time. */
  releaseUnreadable: (who: string, reason: string) =>
    `${who} was not loaded: its release.json ${reason}.`,
  releaseMissing: (status: number) => `could not be fetched (HTTP ${status})`,
  releaseNotFetched: (reason: string) => `could not be fetched (${reason})`,
  releaseOfAnother: (app: string, version: string) =>
    `describes ${app} ${version}, another release`,
  /** A build the shell does not load from where the configuration says it is (issue 43, finding 4). */
  entryRefused: (who: string, entry: string, reason: string) =>
    `${who} was not loaded from ${entry}: ${reason}.`,
  entryNotPinned:
    'a remote on another origin is loaded only with the hash of its entry recorded at promote, ' +
    'and this one has none (promote it with `pnpm releases promote <app> <its manifest URL>`)',
} as const;

/** A release.json's text: the manifest, or why it is refused. */
export function parseReleaseManifest(
  text: string,
): { ok: true; manifest: ReleaseManifest } | { ok: false; problem: string } {
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  const [error, manifest] = validate(parsed.value, ReleaseManifest);
  if (error) return { ok: false, problem: firstFailure(error) };
  return { ok: true, manifest };
}

/** One shared module a release requires that a provider does not meet, and how. */
export type SharedMisfit =
  | { request: string; range: string; problem: 'not-a-range' }
  | { request: string; range: string; problem: 'not-provided' }
  | { request: string; range: string; problem: 'unmet'; provided: string };

/**
 * The shared singletons of `required` (request -> range, a release's `requires.shared`) that the
 * versions of `provided` (request -> version, the shell's `provides.shared`) do not meet: a range
 * semver cannot read, a module the provider does not share, or a version outside the range. Empty
 * when everything fits. The page starts with the shell's copies (`loaded-first`), so a remote fits
 * only when each of its ranges is met by the shell's version.
 */
export function unmetShared(
  required: Record<string, string>,
  provided: Record<string, string>,
): SharedMisfit[] {
  const found: SharedMisfit[] = [];
  for (const [request, range] of Object.entries(required)) {
    const version = provided[request];
    if (validRange(range) === null) found.push({ request, range, problem: 'not-a-range' });
    else if (version === undefined) found.push({ request, range, problem: 'not-provided' });
    else if (!satisfies(version, range)) {
      found.push({ request, range, problem: 'unmet', provided: version });
    }
  }
  return found;
}

/** One misfit as a sentence: '`who` needs react ^20.0.0, but `provider` provides 19.3.1.' */
export function describeSharedMisfit(who: string, provider: string, misfit: SharedMisfit): string {
  switch (misfit.problem) {
    case 'not-a-range':
      return RELEASE_MESSAGES.sharedNotRange(who, misfit.request, misfit.range);
    case 'not-provided':
      return RELEASE_MESSAGES.sharedNotProvided(who, misfit.request, misfit.range, provider);
    case 'unmet':
      return RELEASE_MESSAGES.sharedUnmet(
        who,
        misfit.request,
        misfit.range,
        provider,
        misfit.provided,
      );
  }
}

/** An app of the page as the sharing of singletons sees it: its label, what it gives, what it needs. */
export interface SharingApp {
  /** How messages name it: 'the live shell 1.0.0-...', 'mfe_board 1.4.0'. */
  label: string;
  provides: Record<string, string>;
  requires: Record<string, string>;
  /**
   * A shell whose release.json does not say `sharesHighest` (built before issue 28): the page
   * runs with its copies whatever the remotes carry. Such a shell (the skew matrix's previous
   * release, 6797c34) loaded a remote built against a newer shared-ui with its older kit, and
   * the admin area failed on an export the older kit lacks.
   */
  keepsOwnCopies?: boolean;
}

/** A release as the sharing of singletons sees it, named by `label`. */
export function sharingApp(label: string, manifest: ReleaseManifest): SharingApp {
  return {
    label,
    provides: manifest.provides.shared,
    requires: manifest.requires.shared,
    ...(manifest.app === 'shell' && !manifest.provides.sharesHighest
      ? { keepsOwnCopies: true }
      : {}),
  };
}

/** The copy of a shared singleton a page runs with: its version and the app that carries it. */
export interface SharedCopy {
  version: string;
  from: string;
  /** Set when it is a shell's own copy that a newer one cannot replace (keepsOwnCopies). */
  kept?: true;
}

/**
 * The copy of each shared singleton the page runs with when these apps are loaded together: the
 * highest version any of them carries. That is what the federation runtime does when the apps'
 * shared modules are registered before any is used (the shell's `version-first`, with the remotes
 * that carry a newer copy registered before it starts: docs/frontend-delivery.md#shared-singletons).
 * On a tie the first app keeps it (the shell comes first). A shell that keeps its own copies
 * (`keepsOwnCopies`) keeps them whatever the others carry.
 */
export function sharedCopies(apps: readonly SharingApp[]): Record<string, SharedCopy> {
  const copies: Record<string, SharedCopy> = {};
  for (const app of apps) {
    for (const [request, version] of Object.entries(app.provides)) {
      const current = copies[request];
      if (current?.kept) continue;
      if (app.keepsOwnCopies) copies[request] = { version, from: app.label, kept: true };
      else if (!current || greaterThan(version, current.version)) {
        copies[request] = { version, from: app.label };
      }
    }
  }
  return copies;
}

/** The highest of these versions (semver order), or undefined when there are none. */
export function newestVersion(versions: readonly string[]): string | undefined {
  return versions.reduce<string | undefined>(
    (best, version) => (best === undefined || greaterThan(version, best) ? version : best),
    undefined,
  );
}

/**
 * Why these apps cannot run together on one copy of each shared singleton, one sentence per
 * requirement the copy `sharedCopies` picks does not meet; empty when they can. A remote built
 * against a newer minor of shared-ui fits beside an older shell (its copy serves both); one built
 * against another major does not (no copy meets both ranges).
 */
export function sharedConflicts(apps: readonly SharingApp[]): string[] {
  const copies = sharedCopies(apps);
  const found: string[] = [];
  for (const app of apps) {
    for (const [request, range] of Object.entries(app.requires)) {
      const copy = copies[request];
      if (validRange(range) === null) {
        found.push(RELEASE_MESSAGES.sharedNotRange(app.label, request, range));
      } else if (!copy) {
        found.push(RELEASE_MESSAGES.sharedNowhere(app.label, request, range));
      } else if (!satisfies(copy.version, range)) {
        const sentence = copy.kept ? RELEASE_MESSAGES.sharedKept : RELEASE_MESSAGES.sharedConflict;
        found.push(sentence(app.label, request, range, copy.version, copy.from));
      }
    }
  }
  return found;
}

export { HISTORY_FILE } from './remotes';

/** One line of history.json: a promote, or a rollback that undoes one. */
export const ReleaseSwitch = object({
  app: enums(APP_NAMES),
  /** The version it served before (null: none). */
  from: nullable(string()),
  to: string(),
  /** ISO 8601 time of the switch. */
  at: string(),
  /** Present on a rollback: it undoes the last promote still in force, not a new one. */
  rollback: optional(literal(true)),
  /**
   * The hash of `to`'s entry file recorded by this switch (a remote's, 'sha384-...'): the pin its
   * fallback and its rollback are loaded with. Absent before entries were pinned.
   */
  integrity: optional(
    described<string>(
      'Integrity',
      { type: 'string', pattern: '^sha384-' },
      (value) => isIntegrity(value) || "a 'sha384-...' entry hash",
    ),
  ),
});

export type ReleaseSwitch = Infer<typeof ReleaseSwitch>;

/** history.json: the switches, oldest first. */
export const ReleaseHistory = array(ReleaseSwitch);

/** history.json's text: its entries, or why it is refused. */
export function parseHistory(
  text: string,
): { ok: true; entries: ReleaseSwitch[] } | { ok: false; problem: string } {
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  const [error, entries] = validate(parsed.value, ReleaseHistory);
  if (error) return { ok: false, problem: firstFailure(error) };
  return { ok: true, entries };
}

/**
 * The versions `app` was switched to or from before, newest first, without repeats and without
 * `except` (the live one): what a page may fall back to when the live version does not fit.
 */
export function earlierVersions(
  entries: readonly ReleaseSwitch[],
  app: string,
  except: string | undefined,
): string[] {
  const seen = new Set<string>(except === undefined ? [] : [except]);
  const versions: string[] = [];
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i]!;
    if (entry.app !== app) continue;
    for (const version of [entry.to, entry.from]) {
      if (version === null || seen.has(version)) continue;
      seen.add(version);
      versions.push(version);
    }
  }
  return versions;
}

/**
 * The entry hash the last switch of `app` to `version` recorded (history.json), if any: a version
 * is pinned by what was recorded when it was promoted, not by what its files are now.
 */
export function recordedIntegrity(
  entries: readonly ReleaseSwitch[],
  app: string,
  version: string,
): string | undefined {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i]!;
    if (entry.app === app && entry.to === version && entry.integrity) return entry.integrity;
  }
  return undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: RELEASE_MESSAGES.notJson };
  }
}

function firstFailure(error: { failures(): { path: unknown[]; message: string }[] }): string {
  const failure = error.failures()[0]!;
  const at = failure.path.length ? failure.path.join('.') : 'the file';
  return RELEASE_MESSAGES.invalidField(at, failure.message);
}
