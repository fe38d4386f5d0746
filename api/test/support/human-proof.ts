import { HUMAN_PROOF_FIELDS } from '@jobboard/contract/common';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { solve } from './human-proof-solve';

export { proofFrom, solve } from './human-proof-solve';

/**
 * The spam check (issue 45) as a form passes it: a challenge of the app's own, solved as the
 * browser does (altcha-lib's solver, the real work), as the `humanProof` a form sends. Taken from
 * the app's service rather than GET /api/human-proof/challenge, so that a test sending many forms
 * from one address is not held by that route's own limit (human-proof.test.ts asks the route).
 */
export async function solvedProof(app: FastifyInstance): Promise<string> {
  return solve(await app.humanProof.challenge(app.now()));
}

/** `body` with a solved proof, as a protected form sends it (the honeypot empty). */
export async function withProof<T extends object>(
  app: FastifyInstance,
  body: T,
): Promise<T & { humanProof: string; website: string }> {
  return {
    ...body,
    [HUMAN_PROOF_FIELDS.proof]: await solvedProof(app),
    [HUMAN_PROOF_FIELDS.honeypot]: '',
  } as T & { humanProof: string; website: string };
}

/**
 * `app.inject(options)` with a solved proof added to its JSON body (and the honeypot empty unless
 * the body sets it), for the tests that send a protected form for what comes after it.
 */
export async function injectWithProof(app: FastifyInstance, options: InjectOptions) {
  const { payload } = options;
  if (
    !payload ||
    typeof payload !== 'object' ||
    Buffer.isBuffer(payload) ||
    Array.isArray(payload)
  ) {
    return app.inject(options);
  }
  const body = payload as Record<string, unknown>;
  return app.inject({
    ...options,
    payload: {
      ...body,
      [HUMAN_PROOF_FIELDS.proof]: body[HUMAN_PROOF_FIELDS.proof] ?? (await solvedProof(app)),
      [HUMAN_PROOF_FIELDS.honeypot]: body[HUMAN_PROOF_FIELDS.honeypot] ?? '',
    },
  });
}
