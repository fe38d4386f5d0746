/**
 * `pnpm releases <list|promote|rollback>`: the operator's command over the releases of each app
 * (docs/frontend-delivery.md#deploying-the-remotes-independently). Exit status: 0 done, 1 refused or failed (nothing
 * changed), 2 a usage error.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HUMAN_PROOF_SINCE } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { recordedIntegrity } from '@jobboard/contract/releases';
import {
  APPS,
  APP_NAMES,
  isRemoteUrl,
  parseRemotesFile,
  type AppName,
  type RemotesFile,
  type RemotesFileContent,
  type RemoteUrlContext,
} from '@jobboard/contract/site';
import { promote, releasesDir, remotesConfigFile } from '../releases';
import { misfits, type ApiSide, type LiveApp } from './compatibility';
import { historyFile, lastPromote, readHistory } from './history';
import { folderEntryPin, urlEntryPin, type EntryPin, type Fetch } from './integrity';
import { readRelease } from './manifest';
import { MESSAGES } from './messages';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

export interface CliContext {
  releasesDir: string;
  remotesConfig: string;
  /** The API this checkout serves. */
  api: ApiSide;
  /** How the operator runs this command, for its help and usage lines: `pnpm releases` by default. */
  program?: string;
  /**
   * The site's origin and whether this is development, by which a remote's manifest URL is
   * judged (the contract's remoteUrlProblem: https, or http from the site's own origin or, in
   * development, from this machine). None: https only.
   */
  urlContext?: RemoteUrlContext;
  /** How a remote on another origin is fetched to pin its entry: `fetch` by default. */
  fetch?: Fetch;
}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** RELEASES_DIR and REMOTES_CONFIG as the build reads them; the API of this checkout. */
export function contextFromEnv(): CliContext {
  const contract = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'api', 'contract', 'package.json'), 'utf8'),
  );
  const publicUrl = process.env.PUBLIC_URL;
  return {
    releasesDir: releasesDir(REPO_ROOT),
    remotesConfig: remotesConfigFile(REPO_ROOT),
    api: {
      contractVersion: contract.version,
      endpoints: Object.keys(ENDPOINTS),
      proofRequired: {
        endpoints: Object.entries(ENDPOINTS)
          .filter(([, endpoint]) => 'humanProof' in endpoint)
          .map(([name]) => name),
        since: HUMAN_PROOF_SINCE,
      },
    },
    urlContext: {
      ...(publicUrl && URL.canParse(publicUrl) ? { siteOrigin: new URL(publicUrl).origin } : {}),
      development: process.env.NODE_ENV !== 'production',
    },
  };
}

class Refused extends Error {}

export async function runCli(args: string[], context: CliContext, io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  const program = context.program ?? 'pnpm releases';
  try {
    switch (command) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.out(MESSAGES.help(program));
        return command === undefined ? 2 : 0;
      case 'list':
        if (rest.length) return usage(io, program, 'list');
        list(context, io);
        return 0;
      case 'promote':
        if (rest.length !== 2) return usage(io, program, 'promote', '<app> <version>');
        return await promoteCommand(context, io, appOf(rest[0]!), rest[1]!);
      case 'rollback':
        if (rest.length !== 1) return usage(io, program, 'rollback', '<app>');
        return await rollbackCommand(context, io, appOf(rest[0]!));
      default:
        io.err(MESSAGES.unknownCommand(program, command));
        return 2;
    }
  } catch (error) {
    // Refused, or a file that cannot be read (history.json): its message is the answer.
    if (!(error instanceof Error)) throw error;
    io.err(error.message);
    return 1;
  }
}

function usage(io: CliIo, program: string, command: string, args?: string): number {
  io.err(MESSAGES.usage(program, command, args));
  return 2;
}

/** 'mfe_board' or its folder 'mfe-board'. */
function appOf(name: string): AppName {
  const app = APP_NAMES.find((candidate) => candidate === name || APPS[candidate].folder === name);
  if (!app) throw new Refused(MESSAGES.unknownApp(name));
  return app;
}

function readRemotes(context: CliContext): RemotesFileContent {
  const file = context.remotesConfig;
  if (!existsSync(file)) return { versions: {}, integrity: {} };
  const parsed = parseRemotesFile(readFileSync(file, 'utf8'), context.urlContext);
  if (!parsed.ok) throw new Refused(MESSAGES.remotesMalformed(file, parsed.problem));
  return parsed;
}

const releaseDir = (context: CliContext, app: AppName, version: string) =>
  path.join(context.releasesDir, APPS[app].folder, version);

/** A version folder name, never a path ('..', 'a/b'). */
const isVersionName = (version: string) =>
  /^[A-Za-z0-9._+-]{1,100}$/.test(version) && version !== '.' && version !== '..';

function list(context: CliContext, io: CliIo): void {
  const live = readRemotes(context).versions;
  for (const app of APP_NAMES) {
    const current = live[app];
    io.out(MESSAGES.listApp(app, current));
    const folder = path.join(context.releasesDir, APPS[app].folder);
    const versions = existsSync(folder)
      ? readdirSync(folder).filter((entry) => statSync(path.join(folder, entry)).isDirectory())
      : [];
    const rows = versions.map((version) => {
      const dir = path.join(folder, version);
      const read = readRelease(dir, app, version);
      const isLive = version === current;
      return read.ok
        ? {
            when: read.manifest.builtAt,
            line: MESSAGES.listRelease(
              isLive,
              version,
              read.manifest.commit,
              read.manifest.builtAt,
            ),
          }
        : {
            when: statSync(dir).mtime.toISOString(),
            line: MESSAGES.listUnreadable(isLive, version, read.reason),
          };
    });
    rows.sort((a, b) => b.when.localeCompare(a.when));
    for (const row of rows) io.out(row.line);
    if (!rows.length) io.out(MESSAGES.listNoReleases);
    if (current && isRemoteUrl(current)) io.out(MESSAGES.listLiveElsewhere(current));
    else if (current && !versions.includes(current)) io.out(MESSAGES.listLiveMissing(current));
  }
}

/** What remotes.json serves, each with what its release folder says (the app switched left out). */
function liveApps(
  context: CliContext,
  current: RemotesFile,
  except: AppName,
): Partial<Record<AppName, LiveApp>> {
  const live: Partial<Record<AppName, LiveApp>> = {};
  for (const app of APP_NAMES) {
    const version = current[app];
    if (!version || app === except) continue;
    if (isRemoteUrl(version)) {
      live[app] = { version, kind: 'url' };
      continue;
    }
    const dir = releaseDir(context, app, version);
    const read = existsSync(dir)
      ? readRelease(dir, app, version)
      : { ok: false as const, reason: `releases/${APPS[app].folder}/${version} does not exist` };
    live[app] = read.ok
      ? { version, kind: 'release', manifest: read.manifest }
      : { version, kind: 'unreadable', reason: read.reason };
  }
  return live;
}

/** Switch `app` to `version` if it fits what is live; the shared part of promote and rollback. */
async function switchTo(
  context: CliContext,
  io: CliIo,
  app: AppName,
  version: string,
  rollback: boolean,
): Promise<{ from: string | null }> {
  if (isRemoteUrl(version)) return switchToUrl(context, io, app, version, rollback);
  const dir = releaseDir(context, app, version);
  if (!isVersionName(version) || !existsSync(dir)) {
    throw new Refused(MESSAGES.noSuchRelease(app, version, dir));
  }
  const read = readRelease(dir, app, version);
  if (!read.ok) throw new Refused(MESSAGES.releaseUnusable(app, version, read.reason));
  readRemotes(context); // a malformed remotes.json is refused, never overwritten
  const integrity = await pinOf(context, app, version);
  const notes: string[] = [];
  const result = await promote(context.remotesConfig, app, version, {
    historyFile: historyFile(context.remotesConfig),
    rollback,
    integrity,
    check: (current) => {
      const live = liveApps(context, current, app);
      if (app === 'shell') {
        for (const [other, entry] of Object.entries(live)) {
          if (entry.kind === 'url') notes.push(MESSAGES.notChecked(other, entry.version));
        }
      }
      return misfits(read.manifest, live, context.api);
    },
  });
  if (!result.ok) {
    const lines = [
      MESSAGES.refused(app, version, result.misfits.length),
      ...result.misfits.map(MESSAGES.reason),
    ];
    throw new Refused(lines.join('\n'));
  }
  for (const note of notes) io.out(note);
  return result;
}

/**
 * Switch a remote to a manifest on another origin: https (remoteUrlProblem), its entry fetched
 * and pinned. Its release.json is not here, so nothing else is checked (a note says so).
 */
async function switchToUrl(
  context: CliContext,
  io: CliIo,
  app: AppName,
  url: string,
  rollback: boolean,
): Promise<{ from: string | null }> {
  if (app === 'shell') throw new Refused(MESSAGES.shellElsewhere(url));
  readRemotes(context);
  const integrity = await pinOf(context, app, url);
  const result = await promote(context.remotesConfig, app, url, {
    historyFile: historyFile(context.remotesConfig),
    rollback,
    integrity,
  });
  io.out(MESSAGES.notChecked(app, url));
  return result.ok ? result : { from: null };
}

/**
 * The hash a remote's release is pinned by (issue 43, finding 4): its entry file's, taken now
 * from its folder or its origin (integrity.ts). A release's files never change once built, so one
 * whose entry differs from the hash recorded when it was promoted before is refused. None for the
 * shell: its page is the server's own.
 */
async function pinOf(
  context: CliContext,
  app: AppName,
  version: string,
): Promise<string | undefined> {
  if (app === 'shell') return undefined;
  const pin: EntryPin = isRemoteUrl(version)
    ? await urlEntryPin(version, context.fetch ?? fetch, context.urlContext ?? {})
    : folderEntryPin(releaseDir(context, app, version));
  if (!pin.ok) {
    throw new Refused(
      isRemoteUrl(version)
        ? MESSAGES.elsewhereUnusable(app, version, pin.reason)
        : MESSAGES.releaseUnusable(app, version, pin.reason),
    );
  }
  const recorded = recordedIntegrity(readHistory(historyFile(context.remotesConfig)), app, version);
  if (recorded && recorded !== pin.integrity) {
    throw new Refused(MESSAGES.entryChanged(app, version, recorded, pin.integrity));
  }
  return pin.integrity;
}

async function promoteCommand(
  context: CliContext,
  io: CliIo,
  app: AppName,
  version: string,
): Promise<number> {
  const live = readRemotes(context);
  // A remote live but not pinned (promoted before entries were) is promoted again to pin it.
  if (live.versions[app] === version && (app === 'shell' || live.integrity[app])) {
    io.out(MESSAGES.alreadyLive(app, version));
    return 0;
  }
  const { from } = await switchTo(context, io, app, version, false);
  io.out(
    from === version ? MESSAGES.pinnedLive(app, version) : MESSAGES.promoted(app, from, version),
  );
  return 0;
}

async function rollbackCommand(context: CliContext, io: CliIo, app: AppName): Promise<number> {
  const last = lastPromote(readHistory(historyFile(context.remotesConfig)), app);
  if (!last) throw new Refused(MESSAGES.nothingToRollBack(app));
  if (last.from === null) throw new Refused(MESSAGES.noPreviousVersion(app, last.to));
  const live = readRemotes(context).versions[app];
  if (live !== last.to) throw new Refused(MESSAGES.liveChangedOutside(app, live, last.to));
  const { from } = await switchTo(context, io, app, last.from, true);
  io.out(MESSAGES.rolledBack(app, from, last.from));
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const code = await runCli(process.argv.slice(2), contextFromEnv(), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exitCode = code;
}
