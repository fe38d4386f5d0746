import { readFileSync, writeFileSync } from 'node:fs';
import { fileValueVersion, type RemotesFileValue } from '@jobboard/contract/site';
import { currentSite } from './site';

/**
 * The site's remotes configuration (its own copy): app -> version folder or manifest URL, a
 * remote's pinned with its entry's hash as promote writes it (`{ version, integrity }`).
 */
export type RemotesConfigFile = Record<string, RemotesFileValue>;

export function readRemotesConfig(): RemotesConfigFile {
  return JSON.parse(readFileSync(currentSite().remotesConfig, 'utf8'));
}

/** The version (or manifest URL) the site serves for `app`, pinned or not. */
export const liveVersion = (app: string): string => fileValueVersion(readRemotesConfig()[app])!;

export function writeRemotesConfig(config: RemotesConfigFile): void {
  writeFileSync(currentSite().remotesConfig, `${JSON.stringify(config, null, 2)}\n`);
}

/** Run `change`, then put the configuration back as it was, whatever happened. */
export async function withRemotesConfig<T>(
  change: (config: RemotesConfigFile) => RemotesConfigFile,
  body: () => Promise<T>,
): Promise<T> {
  const original = readRemotesConfig();
  writeRemotesConfig(change({ ...original }));
  try {
    return await body();
  } finally {
    writeRemotesConfig(original);
  }
}
