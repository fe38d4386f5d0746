/**
 * The link checker's face (issue 45): what other slices may import from it (the lint refuses an
 * import of any other file of this folder from outside it). Its plugin puts it on `app`.
 */
export type { LinkCheckReport } from './link-check-run';
export type { LinkChecks, LinkCheckTestOptions } from './plugin';
