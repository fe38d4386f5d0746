import { readFileSync, writeFileSync } from 'node:fs';
import { currentSite } from './site';

/** The site's remotes configuration (its own copy): app -> version folder or manifest URL. */
export function readRemotesConfig(): Record<string, string> {
  return JSON.parse(readFileSync(currentSite().remotesConfig, 'utf8'));
}

export function writeRemotesConfig(config: Record<string, string>): void {
  writeFileSync(currentSite().remotesConfig, `${JSON.stringify(config, null, 2)}\n`);
}

/** Run `change`, then put the configuration back as it was, whatever happened. */
export async function withRemotesConfig<T>(
  change: (config: Record<string, string>) => Record<string, string>,
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
