import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiProcess } from '@jobboard/api/test-support';
import { REPO_ROOT, SITE_ENV } from './site';

/**
 * Once per run, before any spec: what `pnpm start` does first (any front-end app without a build
 * is built and promoted; the API is built into api/dist), and the seeded template database every
 * site copies (support/site.ts): migrated, the demo jobs loaded and the e2e admin created by the
 * production server itself, started once on it and stopped. The run's folder is handed to the
 * workers through E2E_RUN_DIR, and removed at the end.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const ensureBuilt = spawnSync(tsx, ['shared-ui/build-config/src/ensure-built.ts'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (ensureBuilt.status !== 0) throw new Error('building the front end failed');

  const runDir = mkdtempSync(path.join(tmpdir(), 'jobboard-e2e-'));
  process.env.E2E_RUN_DIR = runDir;
  const template = path.join(runDir, 'template.sqlite');
  const api = await ApiProcess.start({
    database: { client: 'sqlite', filename: template },
    startTimeoutMs: 120_000,
    env: SITE_ENV,
  });
  const stopped = await api.stop();
  if (stopped.code !== 0) throw new Error(`the template's server ended with ${stopped.code}`);
  if (!existsSync(template)) throw new Error(`no template database at ${template}`);

  return async () => {
    rmSync(runDir, { recursive: true, force: true });
  };
}
