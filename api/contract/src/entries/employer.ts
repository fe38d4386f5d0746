/** @jobboard/contract/employer: the employers' page (sign-in link, listings, receipts, edit, close, proposals of changes, still-hiring check-ins). */
export * from '../employer';
export * from '../proposals';
export * from '../check-ins';
export * from '../teams';
