import { act, render, screen } from '@jobboard/test-utils/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH, freshFor, swrDefaults } from '../api/swr';
import {
  Tooltip,
  TooltipProvider,
  TOOLTIP_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
} from '../tooltip/Tooltip';
import { SharedUiProvider } from '../SharedUiProvider';

afterEach(() => vi.useRealTimers());

describe('data-fetching defaults (docs/product.md#calls and docs/product.md#constants-and-limits)', () => {
  it('never retries, never refetches on focus, never goes stale by itself', () => {
    expect(swrDefaults).toMatchObject({
      shouldRetryOnError: false,
      errorRetryCount: 0,
      revalidateOnFocus: false,
      revalidateIfStale: false,
      refreshInterval: 0,
    });
  });

  it('has the intervals of docs/product.md#constants-and-limits', () => {
    expect(REFRESH).toEqual({
      jobs: 300_000,
      lookups: 300_000,
      recent: 300_000,
      adminJobs: 60_000,
      submissions: 30_000,
    });
    expect(freshFor(60_000)).toEqual({ dedupingInterval: 60_000, revalidateIfStale: true });
  });
});

describe('tooltips (docs/product.md#constants-and-limits)', () => {
  it('open after 700 ms of hover', async () => {
    vi.useFakeTimers();
    render(
      <SharedUiProvider>
        <TooltipProvider>
          <Tooltip content="Save this job">
            <button type="button">Bookmark</button>
          </Tooltip>
        </TooltipProvider>
      </SharedUiProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Bookmark' });
    act(() => {
      trigger.dispatchEvent(
        new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }),
      );
    });
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 50);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Save this job');
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });
});
