import { Button, Card, Spinner } from '@jobboard/shared-ui';
import { useEffect, useState } from 'react';
import { Link } from '@jobboard/shared-ui/router';
import { usePayPage } from '../api/get-pay-page';
import { PAY_MESSAGES } from '../messages';
import { DeadLink } from './PayPanel';

/** How often, and how long, the success page checks that the payment has been recorded. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_GIVE_UP_MS = 60_000;

/** Back from Stripe: wait for the webhook to publish the job, then link to it. */
export function PaySuccess({ token }: { token: string }) {
  const [waiting, setWaiting] = useState(true);
  const { data: view, error } = usePayPage(token, waiting ? CONFIRM_POLL_MS : 0);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (view?.status === 'paid') setWaiting(false);
  }, [view?.status]);

  if (error) return <DeadLink error={error} />;
  return (
    <Card>
      <h1>{PAY_MESSAGES.successTitle}</h1>
      {view?.status === 'paid' ? (
        <p role="status">
          {PAY_MESSAGES.live}{' '}
          {view.jobId && <Link to={`/jobs/${view.jobId}`}>See your job on the board</Link>}
        </p>
      ) : waiting ? (
        <Spinner label={PAY_MESSAGES.confirming} />
      ) : (
        <p role="status">{PAY_MESSAGES.slow}</p>
      )}
    </Card>
  );
}

/** Back from Stripe without paying. */
export function PayCancelled({ token }: { token: string }) {
  return (
    <Card>
      <h1>{PAY_MESSAGES.cancelledTitle}</h1>
      <p>{PAY_MESSAGES.cancelled}</p>
      <Button as={Link} to={`/pay/${token}`}>
        Back to payment
      </Button>
    </Card>
  );
}
