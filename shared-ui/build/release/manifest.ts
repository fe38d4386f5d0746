import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  array,
  enums,
  nonempty,
  object,
  optional,
  record,
  string,
  validate,
  type Infer,
} from 'superstruct';
import { APP_NAMES, RemoteRoutes } from '@jobboard/contract';
import { MESSAGES } from './messages';
import { routesProblem } from './routes';

/** The file every build writes beside its files: `releases/<app folder>/<version>/release.json`. */
export const RELEASE_FILE = 'release.json';

/**
 * What one build of an app is (docs/frontend-delivery.md#releasejson): which app and version, the
 * commit it was built from, when, what it gives the page and what it needs from the live shell and
 * the API. `promote` compares these with what is live (compatibility.ts).
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
     * A remote's routes (the contract's RemoteRoute: path pattern, page, server-rendered, title,
     * loading text), which the server and the shell read at run time. Absent for the shell, and
     * in a remote built before remotes declared their routes.
     */
    routes: optional(RemoteRoutes),
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

/** A release.json's text: the manifest, or why it is refused. */
export function parseReleaseManifest(
  text: string,
): { ok: true; manifest: ReleaseManifest } | { ok: false; problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: MESSAGES.notJson };
  }
  const [error, manifest] = validate(parsed, ReleaseManifest);
  if (error) {
    const failure = error.failures()[0] ?? error;
    const at = failure.path.length ? failure.path.join('.') : 'the file';
    return { ok: false, problem: MESSAGES.invalidField(at, failure.message) };
  }
  const problem = routesProblem(manifest);
  if (problem) return { ok: false, problem };
  return { ok: true, manifest };
}

/** What is in a release folder: its manifest, or why there is none to use. */
export type ReadRelease =
  | { ok: true; manifest: ReleaseManifest }
  | { ok: false; problem: 'missing' | 'malformed'; reason: string };

/** Reads `<dir>/release.json`; the manifest must name the app and version of its folder. */
export function readRelease(dir: string, app: string, version: string): ReadRelease {
  const file = path.join(dir, RELEASE_FILE);
  if (!existsSync(file)) return { ok: false, problem: 'missing', reason: MESSAGES.noManifest };
  const parsed = parseReleaseManifest(readFileSync(file, 'utf8'));
  if (!parsed.ok) return { ok: false, problem: 'malformed', reason: parsed.problem };
  const { manifest } = parsed;
  if (manifest.app !== app || manifest.version !== version) {
    return {
      ok: false,
      problem: 'malformed',
      reason: MESSAGES.manifestOfAnother(manifest.app, manifest.version),
    };
  }
  return { ok: true, manifest };
}

export function writeRelease(dir: string, manifest: ReleaseManifest): void {
  writeFileSync(path.join(dir, RELEASE_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}
