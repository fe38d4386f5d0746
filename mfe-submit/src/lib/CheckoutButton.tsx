import { PAYMENT_MESSAGES } from '@jobboard/contract/payments';
import { Button, errorMessage, toast } from '@jobboard/shared-ui';
import { useState } from 'react';
import { Notice } from './pay-card';

/** What the checkout button says, the same on the pay and the renewal pages. */
export const CHECKOUT_TEXT = {
  starting: 'Opening secure checkout...',
  failed: 'Payment could not start',
  tryAgain: 'Please try again in a few minutes.',
} as const;

interface CheckoutButtonProps {
  /** Whether the board takes payments (Stripe is set up). */
  configured: boolean;
  /** What the button says ('Pay $75.00', 'Renew for $50.00'). */
  label: string;
  /** Asks the API for a Stripe Checkout Session. */
  start(): Promise<{ url: string }>;
  /** Reads the page's data again. */
  refresh(): Promise<unknown>;
  /** Whether checkout may start now (false: a form beside it has shown what is missing). */
  ready?(): boolean;
}

/**
 * The pay and renewal pages' button: asks the API for a Stripe Checkout Session and goes there.
 * When it cannot start, a toast says why (the API's message), the button comes back, and the
 * page's data is read again (the amount or the listing may have changed meanwhile). Where the
 * board takes no payments, a notice says so instead.
 */
export function CheckoutButton({ configured, label, start, refresh, ready }: CheckoutButtonProps) {
  const [starting, setStarting] = useState(false);
  if (!configured) return <Notice role="status">{PAYMENT_MESSAGES.notSetUp}</Notice>;
  const go = async () => {
    if (ready && !ready()) return;
    setStarting(true);
    try {
      const { url } = await start();
      window.location.assign(url);
    } catch (failure) {
      setStarting(false);
      toast({
        title: CHECKOUT_TEXT.failed,
        description: errorMessage(failure, CHECKOUT_TEXT.tryAgain),
        variant: 'destructive',
      });
      await refresh();
    }
  };
  return (
    <Button onClick={go} disabled={starting}>
      {starting ? CHECKOUT_TEXT.starting : label}
    </Button>
  );
}
