/** The spam check's challenge (api/src/human-proof/, issue 45). */
import { type Endpoint } from '../endpoint';
import { HUMAN_PROOF_LIMITS, HumanProofChallenge } from '../human-proof';

/**
 * A new proof-of-work challenge for a public form (never cached). The form solves it in the
 * background and sends the solution once with its body (`humanProof`).
 */
export const humanProofChallenge = {
  method: 'GET',
  path: '/api/human-proof/challenge',
  summary: `A new proof-of-work challenge (ALTCHA) for a public form to solve in the background and send once, within ${HUMAN_PROOF_LIMITS.challengeMinutes} minutes, with its body as \`humanProof\`; 429 past the limit per client.`,
  response: HumanProofChallenge,
} as const satisfies Endpoint;
