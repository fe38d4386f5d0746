import {
  RELEASE_MESSAGES,
  describeSharedMisfit,
  parseReleaseManifest,
  unmetShared,
} from '@jobboard/contract/releases';
import {
  onThisMachine,
  remoteUrlProblem,
  type ClientErrorReport,
  type RemoteBuild,
  type RemoteLocation,
  type RemoteName,
} from '@jobboard/contract/site';

/**
 * A build of a remote the shell may load: its manifest, its version and the hash its entry was
 * pinned by at promote (integrity.ts loads the entry with it), when it was.
 */
export interface LoadableBuild {
  entry: string;
  version: string;
  integrity?: string;
}

export interface CheckContext {
  /** The shared singletons the shell provides and their versions (its release.json's). */
  provides: Record<string, string>;
  /** This shell's version, as the reports name it. */
  shellVersion: string;
  /** Where a build that is refused is reported (report.ts). */
  report: (report: ClientErrorReport) => void;
  /**
   * The page's origin, and whether this is a development build (whose remotes are the dev
   * servers on this machine, over http): where a remote may be loaded from (entryProblem).
   */
  page: { origin: string; development: boolean };
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
  if (!location.release) {
    // The server always names a release.json: a location without one is the dev servers', on this
    // machine over http, rebuilt as they are edited (nothing to pin).
    const problem = entryProblem(location, { ...context.page, development: true });
    if (problem === null) return { entry: location.entry, version: location.version };
    context.report(refusal(remote, location, problem));
    return null;
  }
  const live: RemoteBuild = {
    entry: location.entry,
    version: location.version,
    release: location.release,
    ...(location.integrity ? { integrity: location.integrity } : {}),
  };
  // A build the page may not load from where it is is never fetched, not even its release.json.
  const builds = [live, ...(location.fallbacks ?? [])].filter((build) => {
    const problem = entryProblem(build, context.page);
    if (problem !== null) context.report(refusal(remote, build, problem));
    return problem === null;
  });
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
    if (verdict.fits) {
      return {
        entry: build.entry,
        version: build.version,
        ...(build.integrity ? { integrity: build.integrity } : {}),
      };
    }
    context.report({
      kind: verdict.kind,
      app: remote,
      version: build.version,
      message: verdict.reason,
    });
  }
  return null;
}

/**
 * Why the page may not load a build from where it is (issue 43, finding 4), or null: a build in
 * the site's own folders may be loaded; one on another origin only over https (http from this
 * machine in development, the dev servers: the contract's remoteUrlProblem, which the server and
 * `pnpm releases promote` apply too) and pinned by the hash of its entry recorded at promote,
 * since nothing else says its scripts are the ones promoted (the dev servers' excepted).
 */
export function entryProblem(
  build: Pick<RemoteBuild, 'entry' | 'integrity'>,
  page: CheckContext['page'],
): string | null {
  if (!URL.canParse(build.entry, page.origin)) return remoteUrlProblem(build.entry);
  const url = new URL(build.entry, page.origin);
  if (url.origin === page.origin) return null;
  const refused = remoteUrlProblem(url.href, {
    siteOrigin: page.origin,
    development: page.development,
  });
  if (refused !== null) return refused;
  if (build.integrity || (page.development && onThisMachine(url))) return null;
  return RELEASE_MESSAGES.entryNotPinned;
}

function refusal(
  remote: RemoteName,
  build: Pick<RemoteBuild, 'entry' | 'version'>,
  reason: string,
): ClientErrorReport {
  return {
    kind: 'remote-mismatch',
    app: remote,
    version: build.version,
    message: RELEASE_MESSAGES.entryRefused(
      RELEASE_MESSAGES.label(remote, build.version),
      build.entry,
      reason,
    ),
  };
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
