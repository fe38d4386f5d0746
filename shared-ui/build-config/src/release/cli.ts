/**
 * `pnpm releases <list|promote|rollback>`: the operator's command over the releases of each app
 * (docs/frontend-delivery.md#deploying-the-remotes-independently). Exit status: 0 done, 1 refused or failed (nothing
 * changed), 2 a usage error.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import {
  APPS,
  APP_NAMES,
  isRemoteUrl,
  parseRemotesFile,
  type AppName,
  type RemotesFile,
} from '@jobboard/contract/site';
import { promote, releasesDir, remotesConfigFile } from '../releases';
import { misfits, type ApiSide, type LiveApp } from './compatibility';
import { historyFile, lastPromote, readHistory } from './history';
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
  return {
    releasesDir: releasesDir(REPO_ROOT),
    remotesConfig: remotesConfigFile(REPO_ROOT),
    api: { contractVersion: contract.version, endpoints: Object.keys(ENDPOINTS) },
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

function readRemotes(file: string): RemotesFile {
  if (!existsSync(file)) return {};
  const parsed = parseRemotesFile(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Refused(MESSAGES.remotesMalformed(file, parsed.problem));
  return parsed.versions;
}

const releaseDir = (context: CliContext, app: AppName, version: string) =>
  path.join(context.releasesDir, APPS[app].folder, version);

/** A version folder name, never a path ('..', 'a/b'). */
const isVersionName = (version: string) =>
  /^[A-Za-z0-9._+-]{1,100}$/.test(version) && version !== '.' && version !== '..';

function list(context: CliContext, io: CliIo): void {
  const live = readRemotes(context.remotesConfig);
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
  const dir = releaseDir(context, app, version);
  if (!isVersionName(version) || !existsSync(dir)) {
    throw new Refused(MESSAGES.noSuchRelease(app, version, dir));
  }
  const read = readRelease(dir, app, version);
  if (!read.ok) throw new Refused(MESSAGES.releaseUnusable(app, version, read.reason));
  readRemotes(context.remotesConfig); // a malformed remotes.json is refused, never overwritten
  const notes: string[] = [];
  const result = await promote(context.remotesConfig, app, version, {
    historyFile: historyFile(context.remotesConfig),
    rollback,
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

async function promoteCommand(
  context: CliContext,
  io: CliIo,
  app: AppName,
  version: string,
): Promise<number> {
  if (readRemotes(context.remotesConfig)[app] === version) {
    io.out(MESSAGES.alreadyLive(app, version));
    return 0;
  }
  const { from } = await switchTo(context, io, app, version, false);
  io.out(MESSAGES.promoted(app, from, version));
  return 0;
}

async function rollbackCommand(context: CliContext, io: CliIo, app: AppName): Promise<number> {
  const last = lastPromote(readHistory(historyFile(context.remotesConfig)), app);
  if (!last) throw new Refused(MESSAGES.nothingToRollBack(app));
  if (last.from === null) throw new Refused(MESSAGES.noPreviousVersion(app, last.to));
  if (isRemoteUrl(last.from)) throw new Refused(MESSAGES.previousIsUrl(app, last.from));
  const live = readRemotes(context.remotesConfig)[app];
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
