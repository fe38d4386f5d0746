import {
  HUMAN_PROOF_EARLY,
  HUMAN_PROOF_FIELDS,
  HUMAN_PROOF_LIMITS,
  HUMAN_PROOF_MESSAGES,
  type HumanProofBody,
  type HumanProofChallenge,
} from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';

/**
 * Performance marks of a solution's work: started (the form is live and shown or started) and
 * ready. The bench reads them (bench/src/sections/human-proof.ts); a page's own monitoring may too.
 */
export const HUMAN_PROOF_MARKS = {
  start: 'jobboard:human-proof:start',
  ready: 'jobboard:human-proof:ready',
} as const;

/** A solution worked out, and when (by this browser's clock). */
interface Solved {
  payload: string;
  at: number;
}

/** Past this age a solution is worked out again before it is sent: its challenge would end first. */
const FRESH_MS =
  (HUMAN_PROOF_LIMITS.challengeMinutes - HUMAN_PROOF_LIMITS.refreshMarginMinutes) * 60_000;

/**
 * The spam check of one form (issue 45; docs/product.md#spam-check): a proof-of-work challenge
 * from the API, solved in the background with ALTCHA's own solver (the `altcha` package's
 * `altcha/lib`: PBKDF2 through the browser's Web Crypto, no worker, so nothing in the page's
 * Content-Security-Policy changes and a remote on another origin solves it too), and the
 * honeypot's value. Nothing is shown while it works; a person who presses the button before it is
 * done waits for it, and one whose browser could not solve it is told HUMAN_PROOF_MESSAGES.unsolved
 * by the form, which keeps what was typed.
 */
export class HumanProof {
  private pending: Promise<Solved> | null = null;
  private controller: AbortController | null = null;
  private honeypot: HTMLInputElement | null = null;

  /** @param starts when the form starts its check (useHumanProof's `start`). */
  constructor(readonly starts: HumanProofStart = 'shown') {}

  /**
   * Start working out a solution, unless one is on its way (the form was shown or started). The
   * page's first script may have started one before the page was live (takeEarly): it is taken,
   * and worked out here only if it failed.
   */
  readonly start = (): void => {
    if (this.pending) return;
    const controller = new AbortController();
    this.controller = controller;
    const early = takeEarly();
    if (early) {
      this.pending = early.catch(() => solve(controller));
    } else {
      performance.mark(HUMAN_PROOF_MARKS.start);
      this.pending = solve(controller);
    }
    // A failure is told when the form is sent (take), not as an unhandled rejection now.
    this.pending.catch(() => undefined);
  };

  /** Stop working (the form went away). */
  stop(): void {
    this.controller?.abort();
    this.controller = null;
    this.pending = null;
  }

  /** The honeypot input this proof reads (HumanProofFields). */
  attach(input: HTMLInputElement | null): void {
    this.honeypot = input;
  }

  /**
   * The two fields for one send (`humanProof`, `website`): the solution worked out in the
   * background (waited for, or worked out again when it failed or is too old), then the next one
   * is started, since each is taken once. Throws an Error with HUMAN_PROOF_MESSAGES.unsolved when
   * no solution could be had.
   */
  async take(): Promise<Required<HumanProofBody>> {
    let solved = await this.settle();
    if (!solved || Date.now() - solved.at > FRESH_MS) {
      this.pending = null;
      solved = await this.settle();
    }
    this.pending = null;
    this.start();
    if (!solved) throw new Error(HUMAN_PROOF_MESSAGES.unsolved);
    return {
      [HUMAN_PROOF_FIELDS.proof]: solved.payload,
      [HUMAN_PROOF_FIELDS.honeypot]: this.honeypot?.value ?? '',
    };
  }

  /** The solution on its way (started if none is), or null when it failed. */
  private async settle(): Promise<Solved | null> {
    this.start();
    try {
      return await this.pending!;
    } catch {
      return null;
    }
  }
}

/**
 * The solution the page's first script started before the page was live (HUMAN_PROOF_EARLY), once:
 * a form shown later, or a second form, works out its own.
 */
function takeEarly(): Promise<Solved> | null {
  if (typeof window === 'undefined') return null;
  const page = window as unknown as Record<string, Promise<Solved> | undefined>;
  const early = page[HUMAN_PROOF_EARLY.global];
  if (!early) return null;
  page[HUMAN_PROOF_EARLY.global] = undefined;
  return early;
}

async function solve(controller: AbortController): Promise<Solved> {
  const challenge: HumanProofChallenge = await apiFetch(ENDPOINTS.humanProofChallenge, {
    signal: controller.signal,
  });
  // Loaded only once a form is used: the board's first view does not carry it.
  const { pbkdf2, solveChallenge } = await import('altcha/lib');
  const solution = await solveChallenge({
    challenge,
    controller,
    deriveKey: pbkdf2.deriveKey,
    timeout: 60_000,
  });
  if (!solution) throw new Error(HUMAN_PROOF_MESSAGES.unsolved);
  // ALTCHA's payload, as its widget writes it: base64 of the challenge and the solution.
  const payload = btoa(JSON.stringify({ challenge, solution }));
  performance.mark(HUMAN_PROOF_MARKS.ready);
  return { payload, at: Date.now() };
}

/** When a form starts its check (useHumanProof). */
export type HumanProofStart = 'shown' | 'started' | 'off';

/**
 * A form's spam check: `start: 'shown'` works out the first solution as soon as the form is on a
 * live page (an effect: never while the server draws it, nor before the page is hydrated, so
 * nothing typed before is touched); `'started'` waits for the form's first focus or keystroke
 * (give the form `onFocus={proof.start}`), for a form on a page most people only read; `'off'`
 * never (a form that is not protected, such as an employer's edit of the same fields).
 */
export function useHumanProof(start: HumanProofStart = 'shown'): HumanProof {
  const [proof] = useState(() => new HumanProof(start));
  useEffect(() => {
    if (start === 'shown') proof.start();
    return () => proof.stop();
  }, [proof, start]);
  return proof;
}

/**
 * The honeypot of a protected form: a field no person meets (off the page, hidden from assistive
 * technology, out of the tab order, never filled in by the browser), which form-filling scripts
 * fill. Its value goes with `proof.take()`. Uncontrolled, so the server's drawing and the
 * hydrated form are the same and nothing re-renders it.
 */
export function HumanProofFields({ proof }: { proof: HumanProof }) {
  return (
    // The mark tells the page's first script that this form starts its check as it is shown, so
    // a server-drawn page solves its first challenge before it is live (HUMAN_PROOF_EARLY).
    <Honeypot aria-hidden="true" {...{ [HUMAN_PROOF_EARLY.attribute]: proof.starts }}>
      <label>
        Website
        <input
          ref={(input) => proof.attach(input)}
          name={HUMAN_PROOF_FIELDS.honeypot}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </label>
    </Honeypot>
  );
}

const Honeypot = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;
