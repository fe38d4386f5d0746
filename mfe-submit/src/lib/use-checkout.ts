import { errorMessage, toast } from '@jobboard/shared-ui';
import { useState } from 'react';

/**
 * The pay and renewal pages' button: asks the API for a Stripe Checkout Session and goes there.
 * When it cannot start, a toast says why (the API's message), the button comes back, and the
 * page's data is read again (the amount or the listing may have changed meanwhile).
 */
export function useCheckout(options: {
  start: () => Promise<{ url: string }>;
  failedTitle: string;
  refresh: () => Promise<unknown>;
}) {
  const [starting, setStarting] = useState(false);
  const go = async () => {
    setStarting(true);
    try {
      const { url } = await options.start();
      window.location.assign(url);
    } catch (failure) {
      setStarting(false);
      toast({
        title: options.failedTitle,
        description: errorMessage(failure, 'Please try again in a few minutes.'),
        variant: 'destructive',
      });
      await options.refresh();
    }
  };
  return { starting, go };
}
