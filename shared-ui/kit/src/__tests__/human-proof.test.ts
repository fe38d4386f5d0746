import { HUMAN_PROOF_LIMITS, HUMAN_PROOF_MESSAGES } from '@jobboard/contract/common';
import { challengeRoute, fakeApi, isSolved } from '@jobboard/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HUMAN_PROOF_MARKS, HumanProof } from '../forms/human-proof';

/**
 * The spam check's browser side (issue 45) against real ALTCHA challenges (the fake API's
 * challengeRoute): each send gets its own solved challenge, a solution past its time is worked out
 * again, and none at all is said in the contract's words. The clock is moved, never waited on.
 */
afterEach(() => {
  vi.useRealTimers();
});

const challenges = (received: ReturnType<typeof fakeApi>) =>
  received.calls.filter((call) => call.path === '/api/human-proof/challenge').length;

describe('HumanProof', () => {
  it('gives each send its own solved challenge and the honeypot as the page holds it', async () => {
    const received = fakeApi({ ...challengeRoute });
    const proof = new HumanProof();
    const honeypot = document.createElement('input');
    proof.attach(honeypot);
    proof.start();
    const first = await proof.take();
    expect(first.website).toBe('');
    expect(await isSolved(first)).toBe(true);
    honeypot.value = 'https://filled-by-a-script.example';
    const second = await proof.take();
    expect(second.humanProof).not.toBe(first.humanProof);
    expect(second.website).toBe('https://filled-by-a-script.example');
    expect(await isSolved(second)).toBe(true);
    proof.stop();
    // One for each send, and the next one started.
    expect(challenges(received)).toBe(3);
  });

  it('works a solution out again before sending when it is too old for its challenge', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const received = fakeApi({ ...challengeRoute });
    const solved = () => performance.getEntriesByName(HUMAN_PROOF_MARKS.ready).length;
    performance.clearMarks();
    const proof = new HumanProof();
    // Solved as the form opened, then the person took their time over it.
    proof.start();
    await vi.waitFor(() => expect(solved()).toBe(1));
    const minutes = HUMAN_PROOF_LIMITS.challengeMinutes - HUMAN_PROOF_LIMITS.refreshMarginMinutes;
    vi.setSystemTime(Date.now() + minutes * 60_000 + 1);
    const sent = await proof.take();
    // A second solution was worked out for this send before it was given.
    expect(solved()).toBe(2);
    expect(await isSolved(sent)).toBe(true);
    await vi.waitFor(() => expect(challenges(received)).toBe(3));
    proof.stop();
  });

  it('says what to do when it cannot be worked out, and tries again at the next send', async () => {
    let down = true;
    fakeApi({
      'GET /api/human-proof/challenge': async () =>
        down
          ? [503, { message: 'Service unavailable' }]
          : await challengeRoute['GET /api/human-proof/challenge'](),
    });
    const proof = new HumanProof();
    proof.start();
    await expect(proof.take()).rejects.toThrow(HUMAN_PROOF_MESSAGES.unsolved);
    down = false;
    expect(await isSolved(await proof.take())).toBe(true);
    proof.stop();
  });
});
