/** @jobboard/contract/admin: the back office (admin jobs and submissions, their lists and exports, history, e-mails, numbers, promo codes, API keys) and the re-sync. */
export * from '../admin';
export * from '../admin-lists';
export * from '../sync';
export * from '../social-posts';
export * from '../api-keys';
export * from '../teams';
