import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { SHARED_UI_SINGLETONS, SINGLETONS } from './shared-modules';

/**
 * What every app shares as singletons. Which apps exist (federation names, folders, dev ports,
 * exposed pages) is the contract's APPS table, read by the build, the server and the shell alike.
 */
export { APPS, type AppName, type RemoteName } from '@jobboard/contract/site';

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
  const sharedUi = readJson(path.join(sharedUiDir(appRoot), 'package.json'));
  for (const entry of SHARED_UI_SINGLETONS) {
    shared[entry] = {
      singleton: true,
      version: sharedUi.version,
      requiredVersion: `^${sharedUi.version}`,
    };
  }
  return shared;
}

/**
 * The runtime kit (@jobboard/shared-ui) the app is built with: the package installed in its
 * node_modules (a link to shared-ui/kit in this workspace), its real folder.
 */
export function sharedUiDir(appRoot: string): string {
  return realpathSync(path.join(appRoot, 'node_modules', '@jobboard', 'shared-ui'));
}

function readJson(file: string) {
  return JSON.parse(readFileSync(file, 'utf8'));
}
