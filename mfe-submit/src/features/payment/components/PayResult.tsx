import { Button, Card } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import { PaymentConfirmation, usePaymentConfirmation } from '../../../lib/PaymentConfirmation';
import { usePayPage } from '../api/get-pay-page';
import { PAY_MESSAGES } from '../messages';
import { DeadLink } from './PayPanel';

/** Back from Stripe: wait for the webhook to publish the job, then link to it. */
export function PaySuccess({ token }: { token: string }) {
  const usePage = (refreshMs: number) => usePayPage(token, refreshMs);
  const { data: view, error, waiting } = usePaymentConfirmation(usePage);
  if (error) return <DeadLink error={error} />;
  return (
    <PaymentConfirmation
      texts={PAY_MESSAGES}
      waiting={waiting}
      paid={
        view?.status === 'paid' && (
          <>
            {PAY_MESSAGES.live}{' '}
            {view.jobId && <Link to={`/jobs/${view.jobId}`}>See your job on the board</Link>}
          </>
        )
      }
    />
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
