import type { JobInput } from '../../src/jobs/job-input';
import { ApiProcess } from './api-process';
import { createJobs } from './jobs';
import { buildTestApp, migratedDatabase } from './test-app';

export interface BuiltSite {
  api: ApiProcess;
  /** The jobs' ids, keyed by title. */
  ids: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The built site (api/dist run by plain node, as `pnpm start` runs it: ApiProcess) on a fresh
 * database holding these jobs, for the tests that read it the way outside programs do: over HTTP
 * on 127.0.0.1, with the server's real clock. The jobs are written first, at the real time, through
 * the app's own repository.
 */
export async function builtSiteWith(
  jobs: Partial<JobInput>[],
  env: Record<string, string> = {},
): Promise<BuiltSite> {
  const { database, dispose } = await migratedDatabase();
  try {
    const writer = await buildTestApp({ database, now: new Date() });
    let ids: Record<string, string>;
    try {
      ids = await createJobs(writer.app, jobs);
    } finally {
      await writer.close();
    }
    const api = await ApiProcess.start({ database, env });
    return {
      api,
      ids,
      async close() {
        await api.stop();
        await dispose();
      },
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
