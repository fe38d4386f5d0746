import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HUMAN_PROOF_EARLY } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import {
  HUMAN_PROOF_MARKS,
  HumanProofFields,
  useHumanProof,
  type HumanProof,
  type HumanProofStart,
} from '@jobboard/shared-ui/forms';
import { challengeRoute, fakeApi, isSolved } from '@jobboard/test-utils';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The spam check's first solution worked out by the page's first script (before-live.js), before
 * the page is live (issue 45): on a server-drawn page whose form starts its check as it is shown,
 * the challenge is fetched and solved as soon as the page is parsed, and the form, once live,
 * takes that solution instead of starting its own. Real ALTCHA challenges (the fake API's
 * challengeRoute), checked as the API does (isSolved).
 */

const SCRIPT = readFileSync(path.join(import.meta.dirname, '..', 'before-live.js'), 'utf8');

let proof: HumanProof | undefined;
let root: Root | undefined;
let container: HTMLElement | undefined;

function Form({ starts }: { starts: HumanProofStart }) {
  const own = useHumanProof(starts);
  proof = own;
  return (
    <form aria-label="Submit a job">
      <input aria-label="Title" />
      <HumanProofFields proof={own} />
    </form>
  );
}

/** The server's drawing of the page, parsed, and its first script run as the head runs it. */
function serverDrawn(starts: HumanProofStart) {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Form starts={starts} />);
  document.body.append(container);
  new Function(SCRIPT)();
}

async function comeAlive(starts: HumanProofStart) {
  await act(async () => {
    root = hydrateRoot(container!, <Form starts={starts} />);
  });
}

const early = () =>
  (window as unknown as Record<string, Promise<{ payload: string; at: number }> | undefined>)[
    HUMAN_PROOF_EARLY.global
  ];
const challenges = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((call) => call.path === ENDPOINTS.humanProofChallenge.path).length;

afterEach(() => {
  act(() => root?.unmount());
  proof?.stop();
  root = undefined;
  container?.remove();
  (window as unknown as Record<string, unknown>)[HUMAN_PROOF_EARLY.global] = undefined;
  performance.clearMarks();
});

describe("the spam check's first solution, before the page is live", () => {
  it('is worked out from the parsed page, and the live form sends it', async () => {
    const api = fakeApi({ ...challengeRoute });
    serverDrawn('shown');
    const solved = await early()!;
    expect(await isSolved({ humanProof: solved.payload })).toBe(true);
    expect(performance.getEntriesByName(HUMAN_PROOF_MARKS.start)).toHaveLength(1);
    expect(performance.getEntriesByName(HUMAN_PROOF_MARKS.ready)).toHaveLength(1);
    expect(challenges(api)).toBe(1);

    await comeAlive('shown');
    const sent = await proof!.take();
    expect(sent).toEqual({ humanProof: solved.payload, website: '' });
    // Taken once: the next send's solution is the form's own.
    expect(early()).toBeUndefined();
    await expect.poll(() => challenges(api)).toBe(2);
    expect((await proof!.take()).humanProof).not.toBe(solved.payload);
  });

  it('is not started for a form that waits for its first keystroke, nor on a page without one', async () => {
    const api = fakeApi({ ...challengeRoute });
    serverDrawn('started');
    expect(early()).toBeUndefined();
    container!.remove();
    document.body.innerHTML = '<main><h1>Jobs</h1></main>';
    new Function(SCRIPT)();
    expect(early()).toBeUndefined();
    await api.settled();
    expect(challenges(api)).toBe(0);
  });

  it('leaves the form to work one out itself when it could not be had', async () => {
    let down = true;
    const api = fakeApi({
      'GET /api/human-proof/challenge': async () =>
        down
          ? [503, { message: 'Service unavailable' }]
          : await challengeRoute['GET /api/human-proof/challenge'](),
    });
    serverDrawn('shown');
    await expect(early()!).rejects.toThrow();
    down = false;
    await comeAlive('shown');
    expect(await isSolved(await proof!.take())).toBe(true);
    expect(challenges(api)).toBeGreaterThanOrEqual(2);
  });

  it("names the contract's hand-over, marks and challenge route (the script cannot import them)", () => {
    expect(SCRIPT).toContain(`global: '${HUMAN_PROOF_EARLY.global}'`);
    expect(SCRIPT).toContain(`marker: '[${HUMAN_PROOF_EARLY.attribute}="shown"]'`);
    expect(SCRIPT).toContain(`challenge: '${ENDPOINTS.humanProofChallenge.path}'`);
    expect(SCRIPT).toContain(`start: '${HUMAN_PROOF_MARKS.start}'`);
    expect(SCRIPT).toContain(`ready: '${HUMAN_PROOF_MARKS.ready}'`);
  });
});
