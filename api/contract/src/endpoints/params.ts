/**
 * The path parameters of the routes that name one record by its id, each with its 404's message:
 * one home for each, so the routes of one kind of record cannot answer two different 404s.
 */
import { INBOX_MESSAGES } from '../application-inbox';
import { EMPLOYER_MESSAGES } from '../employer';
import { IdParams } from '../endpoint';

/** The params of a route with one record id in its path, and what its 404 says of the id. */
export const byId = <M extends string>(notFound: M) =>
  ({ params: IdParams, notFound: { id: notFound } }) as const;

export const jobId = byId('Job not found');
export const submissionId = byId('Submission not found');
/** One of the signed-in employer's listings: another address's answers as one that does not exist. */
export const employerListingId = byId(EMPLOYER_MESSAGES.listingNotFound);
/** One of the signed-in employer's receipts, likewise. */
export const employerReceiptId = byId(EMPLOYER_MESSAGES.receiptNotFound);
/** One application in the signed-in employer's inbox (or the admin's): another's answers the same. */
export const applicationId = byId(INBOX_MESSAGES.notFound);
