import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemotesConfig } from '@jobboard/contract';

/** Where a refused remotes configuration is reported (the app's logger). */
export interface ReleasesLog {
  warn(details: object, message: string): void;
}

/**
 * The front-end builds on disk: `<releasesDir>/<app folder>/<version>/`, and the remotes
 * configuration file that picks a version per app (written by `pnpm build`, edited to roll back):
 *
 *   { "shell": "1.0.0-20261122101500", "mfe_board": "1.0.0-20261122101500",
 *     "mfe_admin": "https://admin.cdn.example.org/1.4.0/mf-manifest.json" }
 *
 * It is re-read whenever the file changes, so switching a version needs no restart.
 */
export class Releases {
  /** The last good configuration and the file version it was read from (time and size). */
  private cached?: { stamp: string; versions: Record<string, string> };
  /** The file version last refused, so a bad file is reported once, not on every request. */
  private refusedStamp?: string;
  private readonly files = new Map<string, string>();

  constructor(
    readonly dir: string,
    readonly configFile: string,
    private readonly log?: ReleasesLog,
  ) {}

  /**
   * The app -> version (or manifest URL) map; empty when nothing has been built. A file that is
   * not a valid configuration (half-written, `null`, a version such as `"http://"` or `"../x"`)
   * is refused with one log line, and the last good configuration keeps being served.
   */
  versions(): Record<string, string> {
    let stamp: string;
    try {
      const stat = statSync(this.configFile);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return {}; // nothing built (yet)
    }
    if (this.cached?.stamp === stamp || this.refusedStamp === stamp) {
      return this.cached?.versions ?? {};
    }
    let problem: string;
    try {
      const parsed = parseRemotesFile(readFileSync(this.configFile, 'utf8'));
      if (parsed.ok) {
        this.cached = { stamp, versions: parsed.versions };
        this.refusedStamp = undefined;
        return parsed.versions;
      }
      problem = parsed.problem;
    } catch (error) {
      problem = `cannot be read: ${(error as Error).message}`;
    }
    this.refusedStamp = stamp;
    this.log?.warn(
      { file: this.configFile, problem },
      `remotes configuration refused (${problem}); still serving the last good one`,
    );
    return this.cached?.versions ?? {};
  }

  /** Where each remote's manifest is, for the shell: a local versioned path or another origin. */
  remotes(): RemotesConfig {
    const versions = this.versions();
    const remotes: RemotesConfig = {};
    for (const name of REMOTE_NAMES) {
      const value = versions[name];
      if (!value) continue;
      remotes[name] = isUrl(value)
        ? { entry: value, version: value }
        : { entry: `/assets/${folderOf(name)}/${value}/mf-manifest.json`, version: value };
    }
    return remotes;
  }

  /** Origins other than ours that remotes are loaded from (for the Content-Security-Policy). */
  remoteOrigins(): string[] {
    return [
      ...new Set(
        Object.values(this.versions())
          .filter(isUrl)
          .map((url) => new URL(url).origin),
      ),
    ];
  }

  /** The shell's index.html of the version in use, or null when the shell has not been built. */
  shellHtml(): { version: string; html: string } | null {
    const version = this.versions().shell;
    if (!version || isUrl(version)) return null;
    const html = this.read(path.join('shell', version, 'index.html'));
    return html ? { version, html } : null;
  }

  /** A local remote's manifest (to preload what a route needs), or null. */
  manifest(remote: string): RemoteManifest | null {
    const version = this.versions()[remote];
    if (!version || isUrl(version)) return null;
    const text = this.read(path.join(folderOf(remote), version, 'mf-manifest.json'));
    if (!text) return null;
    try {
      return JSON.parse(text) as RemoteManifest;
    } catch {
      return null;
    }
  }

  /** Build output never changes once written, so each file is read once. */
  private read(relative: string): string | null {
    const known = this.files.get(relative);
    if (known !== undefined) return known;
    try {
      const content = readFileSync(path.join(this.dir, relative), 'utf8');
      this.files.set(relative, content);
      return content;
    } catch {
      return null; // not built (yet): not remembered, so a later build is picked up
    }
  }
}

/** The parts of a Module Federation manifest we read. */
export interface RemoteManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}

/** 'mfe_board' -> 'mfe-board': the app's folder. */
export const folderOf = (app: string) => app.replace(/_/g, '-');

const isUrl = (value: string) => /^https?:\/\//.test(value);

/** A version folder name as `pnpm build` writes it ('1.0.0-20261122101500'): no path tricks. */
const VERSION_FOLDER = /^(?!\.{1,2}$)[A-Za-z0-9._+-]{1,100}$/;

/** A manifest on another origin: an http(s) URL with a host. */
function isManifestUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/**
 * Reads remotes.json: a JSON object mapping each app to a version folder or a manifest URL. Any
 * value that is neither refuses the whole file: serving half of a release mixes versions.
 */
export function parseRemotesFile(
  text: string,
): { ok: true; versions: Record<string, string> } | { ok: false; problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, problem: 'not a JSON object of app names to versions' };
  }
  const versions: Record<string, string> = {};
  for (const [app, value] of Object.entries(parsed)) {
    if (
      typeof value !== 'string' ||
      !(isUrl(value) ? isManifestUrl(value) : VERSION_FOLDER.test(value))
    ) {
      return {
        ok: false,
        problem:
          `${JSON.stringify(app)} is ${JSON.stringify(value)}, neither a version folder nor an http(s) manifest URL`.slice(
            0,
            300,
          ),
      };
    }
    versions[app] = value;
  }
  return { ok: true, versions };
}
