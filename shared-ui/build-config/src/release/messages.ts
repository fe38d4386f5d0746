import { RELEASE_MESSAGES } from '@jobboard/contract/releases';
import { APPS, type AppName } from '@jobboard/contract/site';

/** An app's release as the messages name it: 'mfe_board 1.2.0-20261122101500'. */
export const releaseLabel = RELEASE_MESSAGES.label;

/** The release command of an app: 'pnpm --filter mfe-board release'. */
const releaseCommand = (app: AppName) => `pnpm --filter ${APPS[app].folder} release`;

/**
 * Every text of the release commands (`pnpm releases`, `pnpm --filter <app> release`): they are
 * the operator's interface, so each is a plain sentence naming the thing, kept in one place.
 */
export const MESSAGES = {
  // release.json (what is wrong with one: the contract's words, which the server and shell use too)
  notJson: RELEASE_MESSAGES.notJson,
  invalidField: RELEASE_MESSAGES.invalidField,
  noManifest: 'it has no release.json (it was built before releases were checked)',
  manifestOfAnother: (app: string, version: string) =>
    `its release.json describes ${releaseLabel(app, version)}, another release`,
  computedEndpoint: (file: string, code: string) =>
    `${file}: ${code} picks an endpoint at run time, so the release cannot list what it calls. ` +
    'Name each endpoint (ENDPOINTS.jobList).',
  historyMalformed: (file: string, reason: string) =>
    `${file} cannot be read (${reason}); fix or remove it: nothing was changed.`,

  // The entry's pin (integrity.ts): why a remote's entry cannot be pinned.
  noFederationManifest: 'it has no mf-manifest.json, so its entry file cannot be pinned',
  manifestNamesNoEntry: 'its mf-manifest.json names no entry file (metaData.remoteEntry)',
  entryMissing: (file: string) =>
    `the entry file its mf-manifest.json names, ${file}, is not there`,
  urlRefused: (url: string, why: string) => `${url} is refused: ${why}`,
  notFetched: (url: string, why: string) => `${url} could not be fetched (${why})`,

  // What does not fit (compatibility.ts): one sentence each.
  live: (label: string) => `the live ${label}`,
  contractNotRange: (self: string, range: string) =>
    `${self} requires contract "${range}", which is not a version range.`,
  contractMajor: (self: string, range: string, api: string) =>
    `${self} was built against contract ${range}, but the API has contract ${api} (another major version).`,
  missingEndpoint: (self: string, name: string, api: string) =>
    `${self} calls the endpoint '${name}', which the API's contract ${api} does not have.`,
  proofNotSent: (self: string, name: string, since: string) =>
    `${self} calls the endpoint '${name}' without the spam check's proof, which the API requires of front ends built against contract ${since} or later: build it again from this checkout.`,
  noLiveShell: (self: string) =>
    `${self} needs a live shell to provide its shared modules, and remotes.json names none: promote a shell first.`,
  shellIsUrl: (value: string) =>
    `the live shell is "${value}", a URL: the shell is served from releases/, so nothing can be checked against it.`,
  liveUnreadable: (label: string, reason: string) =>
    `${label} cannot be checked: ${reason}. Run \`pnpm build\` once to build and promote every app with a release.json.`,
  sharedNotRange: RELEASE_MESSAGES.sharedNotRange,
  sharedNotProvided: RELEASE_MESSAGES.sharedNotProvided,
  sharedUnmet: RELEASE_MESSAGES.sharedUnmet,

  // pnpm --filter <app> release
  built: (app: AppName, version: string, dir: string) =>
    [
      `[${app}] release ${version} is in ${dir} (not live).`,
      `[${app}] to make it live: pnpm releases promote ${app} ${version}`,
    ].join('\n'),

  // pnpm releases (or `jobboard releases` in a release bundle: `program`)
  help: (program: string) =>
    [
      `Usage: ${program} <command>`,
      '',
      '  list                      each app, its live version and its releases, newest first',
      '  promote <app> <version>   make a release live, if it fits what is live',
      '  promote <app> <https URL> serve a remote from another origin: the URL of its',
      '                            mf-manifest.json, over https',
      '  rollback <app>            return the app to the version before its last promote',
      '',
      '<app> is the federation name (shell, mfe_board, mfe_submit, mfe_admin) or the folder',
      '(mfe-board...). A release is built by `pnpm --filter <folder> release` into',
      'releases/<folder>/<version>/, with a release.json saying what it provides and requires.',
      'promote and rollback refuse a release that does not fit the live shell, the shared modules',
      'or the API (exit 1, every reason listed, nothing changed); a switch is recorded in',
      'releases/history.json. A remote is pinned by the SHA-384 of its entry file, taken at',
      'promote and recorded beside its version: the browser runs that very file or nothing.',
      '',
      'Environment: RELEASES_DIR (default releases/), REMOTES_CONFIG (default',
      '<releases>/remotes.json).',
    ].join('\n'),
  unknownCommand: (program: string, command: string) =>
    `Unknown command "${command}". Run \`${program} --help\` for the commands.`,
  usage: (program: string, command: string, args?: string) =>
    `Usage: ${program} ${args ? `${command} ${args}` : command}. Run \`${program} --help\` for more.`,
  unknownApp: (app: string) =>
    `There is no app "${app}": the apps are ${Object.keys(APPS).join(', ')}.`,
  remotesMalformed: (file: string, problem: string) =>
    `${file} cannot be read (${problem}); fix it first: nothing was changed.`,

  listApp: (app: AppName, live: string | undefined) =>
    `${app} (${APPS[app].folder}): live ${live ?? 'none'}`,
  listRelease: (isLive: boolean, version: string, commit: string, builtAt: string) =>
    `  ${isLive ? '*' : ' '} ${version}  commit ${commit}  built ${builtAt}`,
  listUnreadable: (isLive: boolean, version: string, reason: string) =>
    `  ${isLive ? '*' : ' '} ${version}  cannot be promoted: ${reason}`,
  listNoReleases: '    no releases',
  listLiveElsewhere: (value: string) => `    the live version is served from ${value}`,
  listLiveMissing: (version: string) =>
    `    the live version ${version} has no folder in releases/`,

  noSuchRelease: (app: AppName, version: string, dir: string) =>
    `There is no release ${releaseLabel(app, version)}: ${dir} does not exist. \`pnpm releases list\` shows the releases.`,
  releaseUnusable: (app: AppName, version: string, reason: string) =>
    `${releaseLabel(app, version)} cannot be promoted: ${reason}.` +
    ` Build it again with \`${releaseCommand(app)}\`.`,
  pinnedLive: (app: AppName, version: string) =>
    `${releaseLabel(app, version)} was live without its entry's hash; it is now pinned by it.`,
  alreadyLive: (app: AppName, version: string) =>
    `${releaseLabel(app, version)} is already live: nothing changed.`,
  refused: (app: AppName, version: string, count: number) =>
    `Refused: ${releaseLabel(app, version)} does not fit what is live (${count} ${count === 1 ? 'reason' : 'reasons'}); nothing changed.`,
  reason: (text: string) => `  - ${text}`,
  notChecked: (app: string, value: string) =>
    `Note: the live ${app} is served from ${value}; its requirements were not checked.`,
  promoted: (app: AppName, from: string | null, to: string) =>
    `${app} is now live at ${to} (was ${from ?? 'none'}). To undo: pnpm releases rollback ${app}`,
  rolledBack: (app: AppName, from: string | null, to: string) =>
    `${app} is back at ${to} (was ${from ?? 'none'}).`,
  nothingToRollBack: (app: AppName) =>
    `Nothing to roll back: releases/history.json has no promote of ${app} still in force.`,
  noPreviousVersion: (app: AppName, to: string) =>
    `Nothing to roll back to: ${releaseLabel(app, to)} was the first version of ${app} promoted.`,
  shellElsewhere: (url: string) =>
    `The shell cannot be served from ${url}: it is the site's own page, served from releases/.`,
  elsewhereUnusable: (app: AppName, url: string, reason: string) =>
    `${app} cannot be served from ${url}: ${reason}. Nothing was changed.`,
  entryChanged: (app: AppName, version: string, recorded: string, now: string) =>
    `${releaseLabel(app, version)} cannot be promoted: its entry file changed since it was promoted ` +
    `(recorded ${recorded}, now ${now}), and a release's files never change once built. ` +
    'Find out who changed it; ship a new build as a new version.',
  liveChangedOutside: (app: AppName, live: string | undefined, to: string) =>
    `${app} is live at ${live ?? 'none'}, but its last promote was to ${to}: remotes.json was changed by hand. ` +
    'Promote the version you want instead (`pnpm releases promote`).',
};
