/**
 * The submissions slice's face: what other slices may import from it (the lint refuses an import of
 * any other file of this folder from outside it). Its plugin puts its services on `app`.
 */
export type { NormalisedSubmission } from './normalise';
export type { PaidListing, ReviewRow, StoredEvent, SubmissionRow } from './submission-row';
export type { SubmissionsService } from './submissions-service';
export { mailDomainOf } from './review/fraud-hints';
