/**
 * What the workspace's tools (bench) use of the API's internals, as `@jobboard/api/tooling`: a
 * database with the API's schema and the jobs repository that fills it. Nothing else of the API
 * is importable from outside it (package.json "exports").
 */
export type { DatabaseConfig } from './config';
export { createKnex } from './db/knex';
export { migrateLatest } from './db/migrate';
export { JobsRepository, type JobInput } from './jobs/jobs-repository';
export { searchIndexFor } from './jobs/search-index';
export { SubmissionsRepository } from './submissions/submissions-repository';
