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

/** Where an app's build of a version is served from: '/assets/mfe-board/1.0.0-.../'. */
export const assetsPath = (app: AppName, version: string) =>
  `/assets/${APPS[app].folder}/${version}/`;

/**
 * `releases/remotes.json`, written by `pnpm build` and `pnpm releases promote | rollback` (docs/decisions):
 * which build of each app the site serves. A value is a version folder under
 * `releases/<folder>/`, or the absolute URL of a remote's manifest on another origin.
 *
 *   { "shell": "1.0.0-20261122101500", "mfe_board": "1.0.0-20261122101500",
 *     "mfe_admin": "https://admin.cdn.example.org/1.4.0/mf-manifest.json" }
 */
export type RemotesFile = Record<string, string>;

/** A value of remotes.json that names a manifest on another origin rather than a version. */
export const isRemoteUrl = (value: string) => /^https?:\/\//.test(value);

/** A version folder name as `pnpm build` writes it ('1.0.0-20261122101500'): no path tricks. */
const VERSION_FOLDER = /^(?!\.{1,2}$)[A-Za-z0-9._+-]{1,100}$/;

/** Whether `value` can name a version folder under `releases/<folder>/` (never a path). */
export const isVersionFolder = (value: string) => VERSION_FOLDER.test(value);

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
): { ok: true; versions: RemotesFile } | { ok: false; problem: string } {
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
  for (const [app, value] of Object.entries(parsed)) {
    if (
      typeof value !== 'string' ||
      !(isRemoteUrl(value) ? isManifestUrl(value) : VERSION_FOLDER.test(value))
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

/**
 * Where the shell finds a remote's manifest and its release.json, for a value of remotes.json: in
 * the version's folder under /assets/, or beside the manifest on another origin.
 */
export function remoteEntry(
  remote: RemoteName,
  value: string,
): { entry: string; version: string; release: string } {
  if (isRemoteUrl(value)) {
    return { entry: value, version: value, release: new URL(RELEASE_FILE, value).href };
  }
  const folder = assetsPath(remote, value);
  return {
    entry: `${folder}mf-manifest.json`,
    version: value,
    release: `${folder}${RELEASE_FILE}`,
  };
}
