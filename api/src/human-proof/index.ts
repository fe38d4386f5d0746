/**
 * The spam check's face (issue 45): nothing to import. A route asks for the check with
 * `config: { humanProof: true }`, or, reading its own body, with `app.humanProof.require`; both
 * are declared by plugin.ts.
 */
export {};
