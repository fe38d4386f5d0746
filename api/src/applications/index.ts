/**
 * The applications slice's face: what other slices may import from it (the lint refuses an import
 * of any other file of this folder from outside it). Its plugin puts its services on `app`.
 */
export type { ApplicationsService } from './applications-service';
export type { ApplicationsUpkeep } from './upkeep/applications-upkeep';
export type { ApplicationDigestReport } from './upkeep/digest';
export type { InboxService } from './inbox-service';
export { hasInbox, withApplications } from './inbox-numbers';
export type { JobApplications } from './inbox-numbers';
