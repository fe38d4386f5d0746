/** The spam check's key (platform/config.ts; the check itself: api/src/human-proof/, issue 45). */
import { createHash } from 'node:crypto';
import { invalid, parseSecret } from '../config-values';
import type { Env, Read } from './env';

/**
 * The key outside production when HUMAN_PROOF_SECRET is unset: fixed, not made up per process,
 * because every process of a board must verify the challenges the others issued (a development
 * site with a second process, the tests' several API processes). No secret at all (it is written
 * here): production refuses to start without a key of its own (PRODUCTION_PROBLEMS), and the
 * server says at start when this one is in use.
 */
const DEVELOPMENT_HUMAN_PROOF_SECRET = createHash('sha256')
  .update('jobboard development human-proof key: public, never for production')
  .digest('base64url');

export const HUMAN_PROOF_SECRET_MISSING =
  "HUMAN_PROOF_SECRET is required in production: 32 or more random characters, the same for every server process (for example: openssl rand -base64 48). It signs the spam check's challenges, so a challenge one process issues is verified by any other";

/**
 * The keys of the spam check's challenges (HMAC-SHA-256): `secret` signs, and each of `previous`
 * is still taken when verifying (a rotation: challenges signed with the old key before the switch
 * stay good for their few minutes).
 */
export interface HumanProofConfig {
  secret: string;
  previous: string[];
  /** HUMAN_PROOF_SECRET was unset: the fixed development key, never in production. */
  developmentKey: boolean;
}

/** Secrets as parseSecret reads each, separated by commas. */
function parseSecrets(raw: string): string[] {
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  try {
    return parts.map(parseSecret);
  } catch {
    return invalid(
      'must be secrets of at least 32 characters, separated by commas (for example: openssl rand -base64 48)',
    );
  }
}

/** HUMAN_PROOF_SECRET (required in production) and HUMAN_PROOF_SECRET_PREVIOUS. */
export function readHumanProof(read: Read, env: Env, problems: string[]): HumanProofConfig {
  const secret = read('HUMAN_PROOF_SECRET', parseSecret, '');
  const unset = (env.HUMAN_PROOF_SECRET ?? '').trim() === '';
  if (env.NODE_ENV === 'production' && unset) problems.push(HUMAN_PROOF_SECRET_MISSING);
  return {
    secret: secret || DEVELOPMENT_HUMAN_PROOF_SECRET,
    previous: read('HUMAN_PROOF_SECRET_PREVIOUS', parseSecrets, []),
    developmentKey: unset,
  };
}
