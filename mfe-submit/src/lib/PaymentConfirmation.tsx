import { Card, Spinner } from '@jobboard/shared-ui';
import { useEffect, useState, type ReactNode } from 'react';

/** How often, and how long, a page back from Stripe checks that the payment has been recorded. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_GIVE_UP_MS = 60_000;

/**
 * Back from Stripe (a pay link's success page, a renewal's done page): the webhook that records
 * the payment may come after the visitor, so the page's answer is read again every 2 seconds
 * until it says paid, for a minute at most. `usePage` reads it, every `refreshMs` (0: no more).
 */
export function usePaymentConfirmation<T extends { status: string }>(
  usePage: (refreshMs: number) => { data?: T; error?: unknown },
) {
  const [waiting, setWaiting] = useState(true);
  const answer = usePage(waiting ? CONFIRM_POLL_MS : 0);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, []);
  const status = answer.data?.status;
  useEffect(() => {
    if (status === 'paid') setWaiting(false);
  }, [status]);
  return { data: answer.data, error: answer.error, waiting };
}

/**
 * What a page back from Stripe shows: what the payment did (`paid`, once it is recorded), a
 * spinner while it is being confirmed, or, after a minute, that an e-mail will follow.
 */
export function PaymentConfirmation({
  texts,
  paid,
  waiting,
}: {
  texts: { successTitle: string; confirming: string; slow: string };
  paid: ReactNode;
  waiting: boolean;
}) {
  return (
    <Card>
      <h1>{texts.successTitle}</h1>
      {paid ? (
        <p role="status">{paid}</p>
      ) : waiting ? (
        <Spinner label={texts.confirming} />
      ) : (
        <p role="status">{texts.slow}</p>
      )}
    </Card>
  );
}
