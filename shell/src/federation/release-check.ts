import {
  RELEASE_MESSAGES,
  describeSharedMisfit,
  parseReleaseManifest,
  unmetShared,
} from '@jobboard/contract/releases';
import {
  type ClientErrorReport,
  type RemoteLocation,
  type RemoteName,
} from '@jobboard/contract/site';

/** A build of a remote the shell may load: its manifest and its version. */
export interface LoadableBuild {
  entry: string;
  version: string;
}

export interface CheckContext {
  /** The shared singletons the shell provides and their versions (its release.json's). */
  provides: Record<string, string>;
  /** This shell's version, as the reports name it. */
  shellVersion: string;
  /** Where a build that is refused is reported (report.ts). */
  report: (report: ClientErrorReport) => void;
}

/** What the check says of one build: it fits, or why it is not loaded. */
type Verdict = { fits: true } | { fits: false; kind: ClientErrorReport['kind']; reason: string };

/**
 * The build of `remote` to load (docs/frontend-delivery.md#the-load-time-check): the live one if
 * its release.json fits what this shell provides, else the first of its fallbacks (earlier
 * promoted versions, newest first) that does; null when none does, and the area shows that it is
 * unavailable. Each build refused is reported (`remote-mismatch`; `remote-load-failed` when its
 * release.json could not be fetched at all). The check is the contract's, the one `pnpm releases
 * promote` and the server run.
 *
 * The server has run the same check (`picked`) and drawn the first view with that build: its
 * release.json is fetched at once beside the live one's (the page preloads both), so confirming
 * the pick costs no request after another. A build without a release.json URL (the dev servers')
 * is loaded unchecked.
 */
export async function pickBuild(
  remote: RemoteName,
  location: RemoteLocation,
  context: CheckContext,
): Promise<LoadableBuild | null> {
  if (!location.release) return { entry: location.entry, version: location.version };
  const builds = [
    { entry: location.entry, version: location.version, release: location.release },
    ...(location.fallbacks ?? []),
  ];
  const verdicts = new Map<string, Promise<Verdict>>();
  const verdictOf = (build: (typeof builds)[number]) => {
    let verdict = verdicts.get(build.release);
    if (!verdict) {
      verdict = check(remote, build.version, build.release, context);
      verdicts.set(build.release, verdict);
    }
    return verdict;
  };
  const picked = builds.find((build) => build.version === location.picked);
  if (picked) void verdictOf(picked);
  for (const build of builds) {
    const verdict = await verdictOf(build);
    if (verdict.fits) return { entry: build.entry, version: build.version };
    context.report({
      kind: verdict.kind,
      app: remote,
      version: build.version,
      message: verdict.reason,
    });
  }
  return null;
}

/** Fetch one build's release.json and check it against what the shell provides. */
async function check(
  remote: RemoteName,
  version: string,
  url: string,
  context: CheckContext,
): Promise<Verdict> {
  const who = RELEASE_MESSAGES.label(remote, version);
  let response: Response;
  try {
    response = await fetchRelease(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      fits: false,
      kind: 'remote-load-failed',
      reason: RELEASE_MESSAGES.releaseUnreadable(who, RELEASE_MESSAGES.releaseNotFetched(reason)),
    };
  }
  if (!response.ok) {
    return {
      fits: false,
      kind: 'remote-mismatch',
      reason: RELEASE_MESSAGES.releaseUnreadable(
        who,
        RELEASE_MESSAGES.releaseMissing(response.status),
      ),
    };
  }
  const parsed = parseReleaseManifest(await response.text());
  if (!parsed.ok) {
    return {
      fits: false,
      kind: 'remote-mismatch',
      reason: RELEASE_MESSAGES.releaseUnreadable(who, parsed.problem),
    };
  }
  const { manifest } = parsed;
  // A remote on another origin is named by its manifest URL: any version of its app will do.
  const sameRelease =
    manifest.app === remote && (manifest.version === version || version.includes('://'));
  if (!sameRelease) {
    return {
      fits: false,
      kind: 'remote-mismatch',
      reason: RELEASE_MESSAGES.releaseUnreadable(
        who,
        RELEASE_MESSAGES.releaseOfAnother(manifest.app, manifest.version),
      ),
    };
  }
  const misfits = unmetShared(manifest.requires.shared, context.provides);
  if (misfits.length === 0) return { fits: true };
  const shell = RELEASE_MESSAGES.thisShell(context.shellVersion);
  return {
    fits: false,
    kind: 'remote-mismatch',
    reason: misfits.map((misfit) => describeSharedMisfit(who, shell, misfit)).join(' '),
  };
}

/**
 * release.json is a built file beside the remote's manifest (as mf-manifest.json, which the
 * federation runtime fetches itself), not a call of the API: apiFetch takes endpoints only.
 */
function fetchRelease(url: string): Promise<Response> {
  // eslint-disable-next-line no-restricted-globals -- a built file, not the API (see above)
  return fetch(url);
}
