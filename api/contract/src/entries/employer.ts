/** @jobboard/contract/employer: the employers' page (sign-in link, listings, receipts, edit, close, proposals of changes). */
export * from '../employer';
export * from '../proposals';
