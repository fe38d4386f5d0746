/**
 * The check-ins slice's face: what other slices may import from it (the lint refuses an import of
 * any other file of this folder from outside it). Its plugin puts its service on `app`.
 */
export type { CheckInReport } from './check-in-run';
export type { CheckInsService } from './check-ins-service';
