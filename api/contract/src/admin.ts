/**
 * The back office's structs and rules, one file per slice of the API that serves them (issue 41:
 * the contract cuts along the API's slices): `@jobboard/contract/admin` re-exports them all.
 * admin/form-rules.ts, the checks the forms share, stays private to these files.
 */
export * from './admin/messages';
export * from './admin/admins';
export * from './admin/jobs';
export * from './admin/submissions';
export * from './admin/fraud-hints';
export * from './admin/promo-codes';
export * from './admin/newsletter';
