import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHARED_UI_SINGLETONS, SINGLETONS } from './shared-modules';

/**
 * The federation map of the site: which apps exist (their federation names, folders and dev
 * ports) and what they all share as singletons. Every app's build reads it from here, so the shell
 * and the remotes cannot disagree. What a remote exposes is in its own rsbuild.config.ts.
 */
export const APPS = {
  shell: { dir: 'shell', devPort: 3000 },
  mfe_board: { dir: 'mfe-board', devPort: 3001 },
  mfe_submit: { dir: 'mfe-submit', devPort: 3002 },
  mfe_admin: { dir: 'mfe-admin', devPort: 3003 },
} as const;

export type AppName = keyof typeof APPS;
export type RemoteName = Exclude<AppName, 'shell'>;

type SharedConfig = Record<
  string,
  { singleton: true; requiredVersion: string; version?: string; eager?: false }
>;

/**
 * Shared modules with versions from the app's own package.json (never `workspace:*`, which the
 * federation runtime cannot compare).
 */
export function sharedModules(appRoot: string): SharedConfig {
  const pkg = readJson(path.join(appRoot, 'package.json'));
  const deps: Record<string, string> = { ...pkg.dependencies };
  const shared: SharedConfig = {};
  for (const request of SINGLETONS) {
    const packageName = request.split('/')[0]!;
    const range = deps[packageName];
    if (!range) throw new Error(`${pkg.name} must depend on ${packageName} (a shared singleton)`);
    shared[request] = { singleton: true, requiredVersion: range };
  }
  const sharedUi = readJson(path.join(import.meta.dirname, '..', 'package.json'));
  for (const entry of SHARED_UI_SINGLETONS) {
    shared[entry] = {
      singleton: true,
      version: sharedUi.version,
      requiredVersion: `^${sharedUi.version}`,
    };
  }
  return shared;
}

function readJson(file: string) {
  return JSON.parse(readFileSync(file, 'utf8'));
}
