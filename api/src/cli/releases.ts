import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { loadConfig } from '../platform/config';
import { contractVersion } from '../platform/contract-version';

/**
 * `jobboard releases list|promote|rollback`: `pnpm releases` (build-config's release command,
 * docs/frontend-delivery.md) over this server's RELEASES_DIR and REMOTES_CONFIG, checked against
 * the API of this release (its contract's version and endpoints), so an operator switches the
 * front end's releases from the bundle with no checkout. Build-config is a development
 * dependency: its release command is pure code over files and is bundled into dist/ (esbuild),
 * not installed. Resolves to its exit status (0, 1 or 2).
 */
export async function releases(args: string[]): Promise<number> {
  // Loaded when asked for only (and so in a chunk of its own in the build: the release command
  // runs itself when its file is the program, which this one must never look like).
  const { runCli } = await import('@jobboard/build-config/release-cli');
  const config = loadConfig();
  return runCli(
    args,
    {
      releasesDir: config.releasesDir,
      remotesConfig: config.remotesConfigFile,
      api: { contractVersion: contractVersion(), endpoints: Object.keys(ENDPOINTS) },
      program: 'jobboard releases',
      // A remote's URL is judged as the server judges it (site/releases.ts).
      urlContext: {
        siteOrigin: new URL(config.publicUrl).origin,
        development: !config.production,
      },
    },
    { out: (line) => console.log(line), err: (line) => console.error(line) },
  );
}
