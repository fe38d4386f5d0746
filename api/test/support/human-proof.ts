import { HUMAN_PROOF_FIELDS, type HumanProofChallenge } from '@jobboard/contract/common';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * The spam check (issue 45) as a form passes it: a challenge of the app's own, solved as the
 * browser does (altcha-lib's solver, the real work), as the `humanProof` a form sends. Taken from
 * the app's service rather than GET /api/human-proof/challenge, so that a test sending many forms
 * from one address is not held by that route's own limit (human-proof.test.ts asks the route).
 */
export async function solvedProof(app: FastifyInstance): Promise<string> {
  return solve(await app.humanProof.challenge(app.now()));
}

/** ALTCHA's payload for `challenge`: base64 of its JSON, the challenge and the solution found. */
export async function solve(challenge: HumanProofChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
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
