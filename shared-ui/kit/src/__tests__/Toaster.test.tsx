import { act, render, screen } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SharedUiProvider } from '../SharedUiProvider';
import { Toaster } from '../toast/Toaster';
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  toast,
  useToastStore,
} from '../toast/toast-store';

beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('<Toaster />', () => {
  it('shows a toast raised anywhere, with its title and description, and closes it', async () => {
    render(
      <SharedUiProvider>
        <Toaster />
      </SharedUiProvider>,
    );
    act(
      () =>
        void toast({ title: 'Job Approved', description: 'approved and payment link generated' }),
    );
    expect(await screen.findByText('Job Approved')).toBeInTheDocument();
    expect(screen.getByText('approved and payment link generated')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(useToastStore.getState().toasts[0]!.open).toBe(false);
  });

  it('uses the limits of docs/product.md#constants-and-limits', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
  });
});
