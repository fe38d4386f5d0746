/** @jobboard/contract/releases: release.json, history.json, and the one rule of which releases run together (shared singletons). */
export * from '../releases';
