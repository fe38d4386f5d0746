/**
 * The job-stats slice's face: what other slices may import from it (the lint refuses an import of
 * any other file of this folder from outside it). Its plugin puts its services on `app`.
 */
export type { JobStats, StatsDay } from './job-stats';
export { statsOf } from './job-stats';
