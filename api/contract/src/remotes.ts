/**
 * The front-end apps of the site and how releases of them are picked (docs/architecture.md). The
 * build (shared-ui/build-config), the server (api/src/site) and the shell all read them from here, so no
 * two places can disagree about an app's name, folder or port.
 */

/**
 * Each app by its federation name: its folder (the workspace package and `releases/<folder>/`),
 * the port of its dev server and how an error panel names its area. What a remote exposes and
 * which of its pages the server draws are the remote's own: its routes (`src/routes.ts`, see
 * routes.ts), which its build turns into its federation `exposes` and writes into its release.
 */
export const APPS = {
  shell: { folder: 'shell', devPort: 3000, area: 'The site' },
  mfe_board: { folder: 'mfe-board', devPort: 3001, area: 'The job board' },
  mfe_submit: { folder: 'mfe-submit', devPort: 3002, area: 'Job submission' },
  mfe_admin: { folder: 'mfe-admin', devPort: 3003, area: 'The admin area' },
} as const satisfies Record<string, AppEntry>;

interface AppEntry {
  folder: string;
  devPort: number;
  area: string;
}

export type AppName = keyof typeof APPS;
export type RemoteName = Exclude<AppName, 'shell'>;

export const APP_NAMES = Object.keys(APPS) as AppName[];
export const REMOTE_NAMES = APP_NAMES.filter((app): app is RemoteName => app !== 'shell');

/**
 * The global the shell's server bundle publishes the shared modules on before a remote's server
 * bundle is loaded; the remotes' server bundles read them from it instead of bundling their own.
 */
export const SERVER_SHARED_GLOBAL = '__jobboardServerShared';

/** The file every build writes beside its files: `releases/<app folder>/<version>/release.json`. */
export const RELEASE_FILE = 'release.json';

/** `releases/history.json`, beside remotes.json: every switch of an app's live version. */
export const HISTORY_FILE = 'history.json';

/** Where an app's build of a version is served from: '/assets/mfe-board/1.0.0-.../'. */
export const assetsPath = (app: AppName, version: string) =>
  `/assets/${APPS[app].folder}/${version}/`;

/**
 * `releases/remotes.json`, written by `pnpm build` and `pnpm releases promote | rollback` (docs/decisions):
 * which build of each app the site serves. A value is a version folder under
 * `releases/<folder>/`, or the absolute URL of a remote's manifest on another origin; a remote's
 * value is written with the hash of its entry file recorded at promote (issue 43, finding 4), so
 * the browser runs that very file or nothing:
 *
 *   { "shell": "1.0.0-20261122101500",
 *     "mfe_board": { "version": "1.0.0-20261122101500", "integrity": "sha384-..." },
 *     "mfe_admin": { "version": "https://admin.cdn.example.org/1.4.0/mf-manifest.json",
 *                    "integrity": "sha384-..." } }
 *
 * A plain string (a remote promoted before entries were pinned, or written by hand) is still
 * read: a version folder is then loaded unpinned, a remote on another origin not at all (the
 * shell refuses it, release-check.ts).
 */
export type RemotesFile = Record<string, string>;

/** A remote's value in remotes.json as promote writes it: the build and its entry's hash. */
export interface PinnedValue {
  /** A version folder, or the manifest URL of a remote on another origin. */
  version: string;
  /** The entry file's hash in Subresource Integrity form ('sha384-' and 64 base64 characters). */
  integrity: string;
}

/** A value of remotes.json: the version (or manifest URL) alone, or pinned with its entry's hash. */
export type RemotesFileValue = string | PinnedValue;

/** The hash a remote's entry is pinned by: SHA-384 in Subresource Integrity form. */
const INTEGRITY = /^sha384-[A-Za-z0-9+/]{64}$/;

/** Whether `value` is an entry's pin as promote records it ('sha384-' + 48 bytes in base64). */
export const isIntegrity = (value: unknown): value is string =>
  typeof value === 'string' && INTEGRITY.test(value);

/** The version (or manifest URL) a value of remotes.json names, pinned or not. */
export function fileValueVersion(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'version' in value) {
    return typeof value.version === 'string' ? value.version : undefined;
  }
  return undefined;
}

/** A value of remotes.json that names a manifest on another origin rather than a version. */
export const isRemoteUrl = (value: string) => /^https?:\/\//.test(value);

/** A version folder name as `pnpm build` writes it ('1.0.0-20261122101500'): no path tricks. */
const VERSION_FOLDER = /^(?!\.{1,2}$)[A-Za-z0-9._+-]{1,100}$/;

/** Whether `value` can name a version folder under `releases/<folder>/` (never a path). */
export const isVersionFolder = (value: string) => VERSION_FOLDER.test(value);

/**
 * Where a remote's scripts may come from, besides the site's own folders: what the server, `pnpm
 * releases promote` and the shell each judge a remote's URL by.
 */
export interface RemoteUrlContext {
  /** The site's own origin (its PUBLIC_URL; the page's, in the shell): its http:// is the page's own. */
  siteOrigin?: string;
  /** A development server: http:// is taken from this machine (the remotes' dev servers). */
  development?: boolean;
}

/** The words of a remote URL refused (the server's log, `pnpm releases`, the shell's report). */
export const REMOTE_URL_MESSAGES = {
  notUrl: 'not an http(s) URL with a host',
  http:
    'http:// on another origin: anyone on the way could change the scripts the page runs. ' +
    "Serve the remote over https:// (http:// is taken only from the site's own origin, " +
    'or from this machine in development)',
} as const;

/** Whether an address names this machine: localhost, 127.x or [::1] (the dev servers). */
export const onThisMachine = (url: URL) =>
  url.hostname === 'localhost' ||
  url.hostname.endsWith('.localhost') ||
  url.hostname === '[::1]' ||
  /^127(?:\.\d{1,3}){3}$/.test(url.hostname);

/**
 * Why a remote may not be loaded from `value` (an absolute URL: a manifest on another origin),
 * or null when it may (issue 43, finding 4): https, or http from the site's own origin, or from
 * this machine in development. Scripts fetched over plain http from another host can be changed by
 * anyone on the way, and the page would run them with the site's authority.
 */
export function remoteUrlProblem(value: string, context: RemoteUrlContext = {}): string | null {
  if (!URL.canParse(value)) return REMOTE_URL_MESSAGES.notUrl;
  const url = new URL(value);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    return REMOTE_URL_MESSAGES.notUrl;
  }
  if (url.protocol === 'https:') return null;
  if (context.siteOrigin !== undefined && url.origin === context.siteOrigin) return null;
  if (context.development && onThisMachine(url)) return null;
  return REMOTE_URL_MESSAGES.http;
}

/** What is wrong with one value of remotes.json, or null when it can be served. */
function valueProblem(value: unknown, context: RemoteUrlContext): string | null {
  const version = fileValueVersion(value);
  if (version === undefined) {
    return 'neither a version folder nor a manifest URL (with its "integrity")';
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value as object).sort();
    if (keys.join() !== 'integrity,version' || !isIntegrity((value as PinnedValue).integrity)) {
      return 'an entry must be { "version", "integrity": "sha384-..." } and nothing else';
    }
  }
  if (isRemoteUrl(version)) return remoteUrlProblem(version, context);
  return VERSION_FOLDER.test(version)
    ? null
    : 'neither a version folder nor an http(s) manifest URL';
}

/** remotes.json read: each app's version (or manifest URL), and the pins promote recorded. */
export interface RemotesFileContent {
  /** Each app's version folder or manifest URL. */
  versions: RemotesFile;
  /** The entry's hash of each app whose value is pinned. */
  integrity: Record<string, string>;
}

/**
 * Reads remotes.json: a JSON object mapping each app to a version folder or a manifest URL, alone
 * or pinned with its entry's hash. Any value that is neither refuses the whole file: serving half
 * of a release mixes versions. A manifest URL must pass remoteUrlProblem in `context`.
 */
export function parseRemotesFile(
  text: string,
  context: RemoteUrlContext = {},
): ({ ok: true } & RemotesFileContent) | { ok: false; problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, problem: 'not a JSON object of app names to versions' };
  }
  const versions: RemotesFile = {};
  const integrity: Record<string, string> = {};
  for (const [app, value] of Object.entries(parsed)) {
    const problem = valueProblem(value, context);
    if (problem !== null) {
      return {
        ok: false,
        problem: `${JSON.stringify(app)} is ${JSON.stringify(value)}: ${problem}`.slice(0, 400),
      };
    }
    versions[app] = fileValueVersion(value)!;
    if (typeof value === 'object') integrity[app] = (value as PinnedValue).integrity;
  }
  return { ok: true, versions, integrity };
}

/**
 * Where the shell finds a remote's manifest and its release.json, for a value of remotes.json: in
 * the version's folder under /assets/, or beside the manifest on another origin; with the hash its
 * entry was pinned by at promote, when it was.
 */
export function remoteEntry(
  remote: RemoteName,
  value: string,
  integrity?: string,
): { entry: string; version: string; release: string; integrity?: string } {
  const pin = integrity === undefined ? {} : { integrity };
  if (isRemoteUrl(value)) {
    return { entry: value, version: value, release: new URL(RELEASE_FILE, value).href, ...pin };
  }
  const folder = assetsPath(remote, value);
  return {
    entry: `${folder}mf-manifest.json`,
    version: value,
    release: `${folder}${RELEASE_FILE}`,
    ...pin,
  };
}
