/** @jobboard/contract/payments: the pay page and checkout. */
export * from '../payments';
export * from '../renewals';
export * from '../billing';
