/**
 * The reports slice's face: what other slices may import from it (the lint refuses an import of
 * any other file of this folder from outside it). Its plugin puts its services on `app`; no other
 * slice needs more of it.
 */
export type { ListingReports } from './reports-service';
export type { ReportReview } from './report-review';
export type { ReporterData } from './reporter-data';
