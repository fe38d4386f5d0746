import {
  HUMAN_PROOF_FIELDS,
  HUMAN_PROOF_LIMITS,
  type HumanProofChallenge,
} from '@jobboard/contract/common';
import { createChallenge, pbkdf2, verifySolution } from 'altcha/lib';

/**
 * The spam check (issue 45) as a component test's fake API serves it: real ALTCHA challenges,
 * made and checked with the `altcha` package's own library under a key of the tests', so a
 * screen's form solves a real one and the test can tell a solved payload from any other. Less
 * work than the API asks (a counter of at most 8): a test waits on no real cost.
 */
const TEST_KEY = 'the front-end tests: fake API human-proof key';

/** `GET /api/human-proof/challenge` as the API answers it. */
export const HUMAN_PROOF_CHALLENGE = 'GET /api/human-proof/challenge' as const;

/** A new challenge, as the API issues one. */
export async function testChallenge(): Promise<HumanProofChallenge> {
  const expires = Math.floor(Date.now() / 1000) + HUMAN_PROOF_LIMITS.challengeMinutes * 60;
  const { parameters, signature } = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1000,
    counter: 1 + Math.floor(Math.random() * 8),
    data: { expires },
    deriveKey: pbkdf2.deriveKey,
    hmacSignatureSecret: TEST_KEY,
  });
  return { parameters, signature: signature! } as HumanProofChallenge;
}

/** The fake API's route of the challenge: each call a new one. */
export const challengeRoute = {
  [HUMAN_PROOF_CHALLENGE]: async () => [200, await testChallenge()] as const,
};

/** Whether a body's `humanProof` solves a challenge testChallenge made (any, once or not). */
export async function isSolved(body: unknown): Promise<boolean> {
  const proof = (body as Record<string, unknown> | undefined)?.[HUMAN_PROOF_FIELDS.proof];
  if (typeof proof !== 'string') return false;
  try {
    const { challenge, solution } = JSON.parse(atob(proof));
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey: pbkdf2.deriveKey,
      hmacSignatureSecret: TEST_KEY,
    });
    return result.verified;
  } catch {
    return false;
  }
}
