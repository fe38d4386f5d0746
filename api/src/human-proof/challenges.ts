import { createHmac } from 'node:crypto';
import { HUMAN_PROOF_LIMITS, HumanProofChallenge } from '@jobboard/contract/common';
import { createChallenge, randomInt, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { is, number, string, type, type Infer } from 'superstruct';

/**
 * The work a challenge asks for (issue 45), measured in Chromium (docs/configuration.md#spam-check,
 * bench `human-proof`): PBKDF2-SHA-256 at COST iterations per try, the answer a counter drawn from
 * COUNTER, so the browser tries (counter + 1) derivations, never more: a bounded worst case, where
 * a prefix to match by chance has a long tail. Deterministic mode (the server derives the key at
 * the counter it drew and signs it): issuing costs the server one derivation, verifying one HMAC.
 */
export const HUMAN_PROOF_WORK = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 1_000,
  counter: { min: 200, max: 400 },
} as const;

/**
 * What a form sends back: the challenge as issued and the counter and key it found (and what else
 * the solver adds: its time). Read loosely: the signature covers the challenge's parameters whole.
 */
const Payload = type({
  challenge: type({ parameters: HumanProofChallenge.schema.parameters, signature: string() }),
  solution: type({ counter: number(), derivedKey: string() }),
});
type Payload = Infer<typeof Payload>;

/** Why a proof was refused (logged, never told: every refusal gets the same words). */
export type Refusal =
  | 'missing'
  | 'unreadable'
  | 'forged'
  | 'expired'
  | 'replayed'
  | 'honeypot'
  | 'page proof elsewhere';

/**
 * How long a page proof lasts: the application form drawn without JavaScript (a person may take
 * a while over it; past it, the page is drawn again with what was typed and a new one).
 */
const PAGE_PROOF_MINUTES = 120;

export type Verdict = { ok: true; nonce: string; expiresAt: Date } | { ok: false; reason: Refusal };

/** The key that signs each challenge's derived key, kept apart from the one that signs the challenge. */
const keySignatureSecret = (secret: string) =>
  createHmac('sha256', secret).update('jobboard human-proof key signature').digest('hex');

/**
 * Issues and verifies challenges with one signing key and any number of previous ones (a
 * rotation). The challenge's end is in its signed `data` (`expires`, seconds) and checked against
 * the request's clock: altcha-lib's own `expiresAt` is checked against the machine's clock, which
 * a test cannot move.
 */
export class Challenges {
  constructor(
    private readonly secret: string,
    private readonly previous: readonly string[] = [],
  ) {}

  async issue(now: Date, page = false): Promise<HumanProofChallenge> {
    const minutes = page ? PAGE_PROOF_MINUTES : HUMAN_PROOF_LIMITS.challengeMinutes;
    const expires = Math.floor(now.getTime() / 1000) + minutes * 60;
    const { parameters, signature } = await createChallenge({
      algorithm: HUMAN_PROOF_WORK.algorithm,
      cost: HUMAN_PROOF_WORK.cost,
      counter: page ? 0 : randomInt(HUMAN_PROOF_WORK.counter.max, HUMAN_PROOF_WORK.counter.min),
      data: page ? { expires, page: true } : { expires },
      deriveKey,
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: keySignatureSecret(this.secret),
    });
    // Always there: a challenge made with a signing key is signed.
    return { parameters, signature: signature! };
  }

  /**
   * A proof the server solved itself, for a form drawn without JavaScript, which cannot solve one
   * (the application form at /jobs/:id/application): its challenge's answer is the first counter
   * tried, and it is marked `page`, so only a route that takes page proofs takes it. What it
   * proves is less than work: that the form was drawn by this board, for this one send, within
   * PAGE_PROOF_MINUTES.
   */
  async pageProof(now: Date): Promise<string> {
    const challenge = await this.issue(now, true);
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  /**
   * Whether `proof` (the form's `humanProof`: ALTCHA's payload, base64 of its JSON) solves a
   * challenge signed with one of the keys and not past its end at `now`. Spent or not is the
   * caller's to record (SpentProofs), with the nonce and end answered here.
   */
  async verify(
    proof: string | undefined,
    now: Date,
    options: { pageProofs?: boolean } = {},
  ): Promise<Verdict> {
    if (!proof) return { ok: false, reason: 'missing' };
    const payload = readPayload(proof);
    if (!payload) return { ok: false, reason: 'unreadable' };
    const { challenge, solution } = payload;
    for (const secret of [this.secret, ...this.previous]) {
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySignatureSecret(secret),
      });
      if (result.invalidSignature) continue;
      if (!result.verified) return { ok: false, reason: 'forged' };
      const expires = challenge.parameters.data?.expires;
      if (typeof expires !== 'number') return { ok: false, reason: 'forged' };
      if (expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      if (challenge.parameters.data?.page && !options.pageProofs) {
        return { ok: false, reason: 'page proof elsewhere' };
      }
      return { ok: true, nonce: challenge.parameters.nonce, expiresAt: new Date(expires * 1000) };
    }
    return { ok: false, reason: 'forged' };
  }
}

function readPayload(proof: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
    return is(value, Payload) ? value : null;
  } catch {
    return null;
  }
}
