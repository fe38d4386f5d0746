import { describe, expect, it } from 'vitest';
import { ProcessRateLimit } from '../../src/platform/process-rate-limit';

/**
 * The limits kept in a process's memory (the counted views and apply clicks): fixed windows on
 * the request's clock, and a bound on the clients one window holds.
 */

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 12, 0) + minutes * 60_000);

describe('a limit kept in the process', () => {
  it('takes max from a client in a window, then none until the next window', () => {
    const limit = new ProcessRateLimit({ max: 2, windowMinutes: 60 });
    expect([1, 2, 3].map((m) => limit.take('203.0.113.1', at(m)))).toEqual([true, true, false]);
    expect(limit.take('203.0.113.2', at(59))).toBe(true);
    expect(limit.take('203.0.113.1', at(59))).toBe(false);
    // The next hour starts a window for every client.
    expect(limit.take('203.0.113.1', at(60))).toBe(true);
  });

  it('holds at most so many clients in a window: a client past them is let through, not held', () => {
    const limit = new ProcessRateLimit({ max: 1, windowMinutes: 10 }, 2);
    expect(limit.take('a', at(0))).toBe(true);
    expect(limit.take('b', at(0))).toBe(true);
    // Held already: limited as before.
    expect(limit.take('a', at(1))).toBe(false);
    // Not held, and no room: through each time (refusing would let whoever fills the window stop
    // every later visitor being counted).
    expect(limit.take('c', at(1))).toBe(true);
    expect(limit.take('c', at(2))).toBe(true);
    // A new window has room again.
    expect(limit.take('c', at(10))).toBe(true);
    expect(limit.take('c', at(11))).toBe(false);
  });
});
