import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS, toast, useToastStore } from '../toast/toast-store';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [] });
});
afterEach(() => vi.useRealTimers());

describe('the toast store (docs/product.md#constants-and-limits)', () => {
  it('keeps at most one toast: a new one replaces the one on screen', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'More', variant: 'destructive' });
    const { toasts } = useToastStore.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      title: 'Second',
      description: 'More',
      variant: 'destructive',
      open: true,
    });
  });

  it('closes a dismissed toast at once and forgets it after the removal delay', () => {
    const shown = toast({ title: 'Saved' });
    shown.dismiss();
    expect(useToastStore.getState().toasts[0]).toMatchObject({ open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });
});
