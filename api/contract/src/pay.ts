/**
 * A job's pay (docs/product.md#pay): the one home of how pay is read (a form's figures, a
 * source's words), checked, shown, compared across periods and told to Google. Every path that
 * writes a job (the public form, the admin form, the employer's proposals, Airtable, the JSON
 * feed) and every place that shows one (the board, the admin, e-mails, feeds, exports, receipts)
 * goes through this module.
 *
 * One file per part of pay (issue 41: no source file over 500 lines), all re-exported here, so
 * `@jobboard/contract/jobs` and the contract's own modules import pay from this one place.
 */
export * from './pay/periods';
export * from './pay/messages';
export * from './pay/job-pay';
export * from './pay/currencies';
export * from './pay/amounts';
export * from './pay/pay-text';
export * from './pay/format';
export * from './pay/structured-data';
