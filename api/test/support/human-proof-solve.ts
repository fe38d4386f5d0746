import type { HumanProofChallenge } from '@jobboard/contract/common';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * The spam check (issue 45) solved as a browser solves it (altcha-lib's solver, the real work),
 * with nothing of the app: for the API's tests (human-proof.ts) and for the tools, the bench and
 * e2e, which send forms to a site in a process of its own.
 */

/** ALTCHA's payload for `challenge`: base64 of its JSON, the challenge and the solution found. */
export async function solve(challenge: HumanProofChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * A solved proof for a form sent to a running site at `url` (a process of its own: e2e, the bench,
 * the bundle's test): a challenge from its `GET /api/human-proof/challenge`, solved as a browser
 * does. `headers` go with the challenge's request (the client address a test gives, say).
 */
export async function proofFrom(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/api/human-proof/challenge`, { headers });
  if (!res.ok) throw new Error(`no challenge: ${res.status} ${await res.text()}`);
  return solve((await res.json()) as HumanProofChallenge);
}
