/**
 * The social slice's face: what other slices may import from it (the lint refuses an import of
 * any other file of this folder from outside it). Its plugin puts its service on `app.social`;
 * no other slice needs more.
 */
export type { SocialService } from './social-service';
export type { SocialRunReport } from './social-sender';
