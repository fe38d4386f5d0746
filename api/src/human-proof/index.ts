/**
 * The spam check's face (issue 45): nothing to import. An endpoint marked `humanProof: 'body'` in
 * the contract gets the check before its handler (route() sets the route's `config.humanProof`);
 * one marked `'handler'`, reading its own body, calls `app.humanProof.require`. plugin.ts
 * declares both.
 */
export {};
