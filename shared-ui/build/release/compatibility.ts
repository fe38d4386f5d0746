import semver from 'semver';
import type { AppName } from '@jobboard/contract';
import type { ReleaseManifest } from './manifest';
import { MESSAGES, releaseLabel } from './messages';
import { overlappingRoutes } from './routes';

/** What remotes.json serves for one app, and what its release folder says about it. */
export type LiveApp = { version: string } & (
  | { kind: 'release'; manifest: ReleaseManifest }
  /** No usable release.json (built before releases were checked, or malformed): why. */
  | { kind: 'unreadable'; reason: string }
  /** A manifest on another origin: its release.json is not here to check. */
  | { kind: 'url' }
);

/** The API this checkout serves: its contract's version and the names of its endpoints. */
export interface ApiSide {
  contractVersion: string;
  endpoints: readonly string[];
}

/**
 * Why `release` would not work beside what is live, one sentence per misfit naming the thing;
 * empty when it fits.
 *
 * - The shared singletons come from the live shell (the federation's `loaded-first`: the page
 *   starts with the shell's copies): each range the release requires must be met by the version
 *   the live shell provides. A new shell is the provider itself, and must meet the ranges of every
 *   live remote instead.
 * - The contract's major version must be the API's (within a major, changes are additive).
 * - Every endpoint the release calls must be in the API's endpoint table.
 * - A remote's routes must not overlap another live remote's (routes.ts).
 *
 * Live remotes served from another origin are not checked (their release.json is not here).
 */
export function misfits(
  release: ReleaseManifest,
  live: Partial<Record<AppName, LiveApp>>,
  api: ApiSide,
): string[] {
  const found: string[] = [];
  const self = releaseLabel(release.app, release.version);

  const range = release.requires.contract;
  const built = semver.validRange(range) ? semver.minVersion(range) : null;
  if (!built) found.push(MESSAGES.contractNotRange(self, range));
  else if (built.major !== semver.major(api.contractVersion)) {
    found.push(MESSAGES.contractMajor(self, range, api.contractVersion));
  }

  const known = new Set(api.endpoints);
  for (const name of release.requires.endpoints) {
    if (!known.has(name)) found.push(MESSAGES.missingEndpoint(self, name, api.contractVersion));
  }

  if (release.app === 'shell') {
    found.push(...unmet(self, release.requires.shared, self, release.provides.shared));
    for (const [app, entry] of Object.entries(live) as [AppName, LiveApp][]) {
      if (app === 'shell') continue;
      const remote = MESSAGES.live(releaseLabel(app, entry.version));
      if (entry.kind === 'unreadable') found.push(MESSAGES.liveUnreadable(remote, entry.reason));
      if (entry.kind !== 'release') continue;
      found.push(...unmet(remote, entry.manifest.requires.shared, self, release.provides.shared));
    }
    return found;
  }

  found.push(...overlappingRoutes(release, live));
  const shell = live.shell;
  if (!shell) found.push(MESSAGES.noLiveShell(self));
  else if (shell.kind === 'url') found.push(MESSAGES.shellIsUrl(shell.version));
  else {
    const provider = MESSAGES.live(releaseLabel('shell', shell.version));
    if (shell.kind === 'unreadable') found.push(MESSAGES.liveUnreadable(provider, shell.reason));
    else
      found.push(...unmet(self, release.requires.shared, provider, shell.manifest.provides.shared));
  }
  return found;
}

/** The shared singletons `who` requires that `provider`'s versions do not meet. */
function unmet(
  who: string,
  required: Record<string, string>,
  provider: string,
  provided: Record<string, string>,
): string[] {
  const found: string[] = [];
  for (const [request, range] of Object.entries(required)) {
    const version = provided[request];
    if (!semver.validRange(range)) found.push(MESSAGES.sharedNotRange(who, request, range));
    else if (version === undefined) {
      found.push(MESSAGES.sharedNotProvided(who, request, range, provider));
    } else if (!semver.satisfies(version, range)) {
      found.push(MESSAGES.sharedUnmet(who, request, range, provider, version));
    }
  }
  return found;
}
