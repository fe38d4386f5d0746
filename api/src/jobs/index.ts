/**
 * The jobs slice's face: what other slices may import from it (the lint refuses an import of
 * any other file of this folder from outside it). Its plugin puts its services on `app`.
 */
export { JOB_FORM_BODY_LIMIT } from './admin-form';
export { containsPattern } from './repositories/admin-view';
export type { AdminJobsView } from './repositories/admin-view';
export { applyTargetOf } from './repositories/apply-targets';
export type { ApplyTarget } from './repositories/apply-targets';
export { archiveEnded } from './repositories/archive';
export type { Companies, CompanyAuditRow, StoredCompany } from './repositories/companies';
export type { CompanyMerge } from './repositories/company-merge';
export { auditActor, readChanges } from './job-audit';
export type { AuditActor, JobAuditAction, JobAuditRow } from './job-audit';
export type { JobEnding, JobEndings } from './repositories/job-endings';
export type { JobInput, SyncedJob } from './job-input';
export { payPatch, planPatch } from './job-patch';
export type { JobPatch, StoredJob } from './job-patch';
export type { JobViews } from './job-views';
export type { JobEditor, JobsService } from './jobs-service';
export type { ListingsListener } from './listing-listeners';
export type { ListingState, LiveListings } from './repositories/live-listings';
export type {
  CategoryPayRow,
  JobContactOrganization,
  ReviewSignals,
} from './repositories/review-signals';
export { extendedEnd } from './lifecycle';
export { deadlinePassed, hasEnded, hasExpired } from './listing-end';
export { payColumns, payOfRow } from './pay-columns';
export type { PayRow } from './pay-columns';
export type { PublicReads } from './public-reads';
export { OrganizationMoved } from './organization-moved';
export { questionsColumn } from './apply-fields';
