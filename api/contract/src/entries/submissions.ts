/** @jobboard/contract/submissions: the employer's submission form, its messages and limits, and the listing tiers. */
export * from '../submission';
export * from '../tiers';
export * from '../logo-upload';
