import { describe, expect, it } from 'vitest';
import { LogoDecodes, LogosBusy } from '../../src/logos/logo-decodes';

/**
 * The one queue of a process's logo decodes (issue 43, finding 10): a few at a time, a bounded
 * line of uploads behind them, the background fetch always let in line. Decodes here are
 * promises the test settles: nothing waits on time.
 */

/** A decode the test ends, and whether it has started. */
function heldDecode() {
  let end!: () => void;
  const state = { started: false };
  const done = new Promise<void>((resolve) => (end = resolve));
  return {
    state,
    end,
    decode: () => {
      state.started = true;
      return done;
    },
  };
}

/** Let every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the logo decodes', () => {
  it('runs two at a time, the others in their turn, in order', async () => {
    const decodes = new LogoDecodes(2, 5);
    const held = Array.from({ length: 4 }, heldDecode);
    const finished = held.map((h) => decodes.upload(h.decode));
    await settle();
    expect(held.map((h) => h.state.started)).toEqual([true, true, false, false]);
    held[1]!.end();
    await settle();
    expect(held.map((h) => h.state.started)).toEqual([true, true, true, false]);
    for (const h of held) h.end();
    await Promise.all(finished);
    expect(held.every((h) => h.state.started)).toBe(true);
    expect(decodes.inLine).toBe(0);
  });

  it('refuses an upload past the line at once, and takes one again when a place is free', async () => {
    const decodes = new LogoDecodes(2, 3);
    const held = Array.from({ length: 5 }, heldDecode);
    const finished = held.map((h) => decodes.upload(h.decode));
    const refused = heldDecode();
    await expect(decodes.upload(refused.decode)).rejects.toBeInstanceOf(LogosBusy);
    expect(refused.state.started).toBe(false);
    expect(decodes.inLine).toBe(5);
    // The background fetch waits its turn however long the line is.
    const fetched = heldDecode();
    const fetchedDone = decodes.fetched(fetched.decode);
    expect(decodes.inLine).toBe(6);
    held[0]!.end();
    held[1]!.end();
    await settle();
    const again = heldDecode();
    const againDone = decodes.upload(again.decode);
    for (const h of [...held, fetched, again]) h.end();
    await Promise.all([...finished, fetchedDone, againDone]);
    expect(again.state.started && fetched.state.started).toBe(true);
  });

  it('passes a decode’s failure to its caller and goes on with the next', async () => {
    const decodes = new LogoDecodes(1, 2);
    const failing = decodes.upload(() => Promise.reject(new Error('not a picture')));
    const next = decodes.upload(() => Promise.resolve('stored'));
    await expect(failing).rejects.toThrow('not a picture');
    await expect(next).resolves.toBe('stored');
  });
});
