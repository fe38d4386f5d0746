/** @jobboard/contract/employer: the employers' page (sign-in link, listings, receipts, edit, close). */
export * from '../employer';
