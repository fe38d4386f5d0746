import type { TestProject } from 'vitest/node';
import { startPgCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL of the PostgreSQL cluster for this run ('' on SQLite). */
    postgresUrl: string;
  }
}

/**
 * With TEST_DB=postgres, start a throw-away cluster (or use TEST_POSTGRES_URL, a server URL whose
 * user may create databases) and hand its URL to the tests; each test file makes its own database.
 */
export default async function setup(project: TestProject) {
  const database = process.env.TEST_DB ?? 'sqlite';
  if (database !== 'postgres') {
    project.provide('postgresUrl', '');
    return;
  }
  if (process.env.TEST_POSTGRES_URL) {
    project.provide('postgresUrl', process.env.TEST_POSTGRES_URL);
    return;
  }
  const cluster = await startPgCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
