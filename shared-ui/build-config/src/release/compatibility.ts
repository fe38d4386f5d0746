import semver from 'semver';
import {
  sharedConflicts,
  sharingApp,
  type ReleaseManifest,
  type SharingApp,
} from '@jobboard/contract/releases';
import { type AppName } from '@jobboard/contract/site';
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

/**
 * The API this checkout serves: its contract's version, the names of its endpoints, and those of
 * them that require the spam check's proof from front ends built since `proofSince`.
 */
export interface ApiSide {
  contractVersion: string;
  endpoints: readonly string[];
  proofRequired?: { endpoints: readonly string[]; since: string };
}

/**
 * Why `release` would not work beside what is live, one sentence per misfit naming the thing;
 * empty when it fits.
 *
 * - The page runs with one copy of each shared singleton, the highest any live app carries
 *   (`sharedCopies` in the contract): with this release in its app's place, that copy must meet
 *   every live app's range and the release's own. A remote built against a newer shared-ui minor
 *   fits beside an older shell (its copy serves both); another major does not, nor does a newer
 *   minor beside a shell built before shells took a newer copy (it keeps its own).
 * - The contract's major version must be the API's (within a major, changes are additive).
 * - Every endpoint the release calls must be in the API's endpoint table, and a release built
 *   before the spam check must call none that requires its proof.
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
  // A narrowing made on purpose (docs/decisions/api-compatibility.md): every send of an older
  // build to these endpoints would be refused, so the older build is not served beside them.
  const proof = api.proofRequired;
  if (proof && built && semver.lt(built, proof.since)) {
    for (const name of release.requires.endpoints) {
      if (proof.endpoints.includes(name))
        found.push(MESSAGES.proofNotSent(self, name, proof.since));
    }
  }

  // The apps the page would load together: the live ones, this release in its app's place,
  // the shell first (it keeps a shared copy on a tie).
  const apps: SharingApp[] = [];
  const selfApp = sharingApp(self, release);
  if (release.app === 'shell') apps.push(selfApp);
  else {
    found.push(...overlappingRoutes(release, live));
    const shell = live.shell;
    if (!shell) found.push(MESSAGES.noLiveShell(self));
    else if (shell.kind === 'url') found.push(MESSAGES.shellIsUrl(shell.version));
  }
  for (const [app, entry] of Object.entries(live) as [AppName, LiveApp][]) {
    if (app === release.app || entry.kind === 'url') continue;
    const label = MESSAGES.live(releaseLabel(app, entry.version));
    if (entry.kind === 'unreadable') {
      // The shell must be readable to check anything against it, and a new shell must know every
      // live remote it would serve. Another team's live remote without a usable release.json
      // (built before releases described themselves) does not hold a remote's promote back.
      if (app === 'shell' || release.app === 'shell') {
        found.push(MESSAGES.liveUnreadable(label, entry.reason));
      }
      continue;
    }
    const sharing = sharingApp(label, entry.manifest);
    if (app === 'shell') apps.unshift(sharing);
    else apps.push(sharing);
  }
  if (release.app !== 'shell') apps.push(selfApp);
  found.push(...sharedConflicts(apps));
  return found;
}
