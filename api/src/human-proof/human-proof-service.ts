import { HUMAN_PROOF_FIELDS, type HumanProofBody } from '@jobboard/contract/common';
import type { HumanProofChallenge } from '@jobboard/contract/common';
import type { Challenges, Verdict } from './challenges';
import type { SpentProofsRepository } from './spent-proofs-repository';

/**
 * The spam check of a public form (issue 45): its honeypot empty, and a solved challenge of this
 * board's, within its time, sent once. Answers a verdict with the reason, for the log: the form is
 * told the same words whatever the reason (HUMAN_PROOF_MESSAGES.refused).
 */
export class HumanProofService {
  constructor(
    private readonly challenges: Challenges,
    private readonly spent: Pick<SpentProofsRepository, 'spend' | 'purge'>,
  ) {}

  /** A new challenge for a form to solve. */
  challenge(now: Date): Promise<HumanProofChallenge> {
    return this.challenges.issue(now);
  }

  /**
   * The check of a form's two fields (`humanProof`, `website`). A solution that passes is spent
   * here, before the form's own work: one that fails later for a field the person must correct is
   * spent too, and the form solves a new challenge for its next send.
   */
  async check(
    body: Partial<HumanProofBody> | undefined,
    now: Date,
    options: { pageProofs?: boolean } = {},
  ): Promise<Verdict> {
    const honeypot = body?.[HUMAN_PROOF_FIELDS.honeypot];
    if (typeof honeypot === 'string' && honeypot.trim() !== '') {
      return { ok: false, reason: 'honeypot' };
    }
    const proof = body?.[HUMAN_PROOF_FIELDS.proof];
    const given = typeof proof === 'string' ? proof : undefined;
    const verdict = await this.challenges.verify(given, now, options);
    if (!verdict.ok) return verdict;
    return (await this.spent.spend(verdict.nonce, verdict.expiresAt))
      ? verdict
      : { ok: false, reason: 'replayed' };
  }

  /** A proof for a form drawn without JavaScript (Challenges.pageProof). */
  pageProof(now: Date): Promise<string> {
    return this.challenges.pageProof(now);
  }

  /** Forget the solutions whose challenges have ended (the purge loop). */
  purge(now: Date): Promise<number> {
    return this.spent.purge(now);
  }
}
