import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemotesConfig } from '@jobboard/contract';

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
  private cached?: { mtimeMs: number; versions: Record<string, string> };
  private readonly files = new Map<string, string>();

  constructor(
    readonly dir: string,
    readonly configFile: string,
  ) {}

  /** The app -> version (or manifest URL) map; empty when nothing has been built. */
  versions(): Record<string, string> {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.configFile).mtimeMs;
    } catch {
      return {};
    }
    if (this.cached?.mtimeMs !== mtimeMs) {
      try {
        this.cached = { mtimeMs, versions: JSON.parse(readFileSync(this.configFile, 'utf8')) };
      } catch {
        // Half-written or hand-edited into invalid JSON: keep serving what we had.
        return this.cached?.versions ?? {};
      }
    }
    return this.cached.versions;
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
