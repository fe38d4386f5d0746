import { Link, useSearchParams } from '@jobboard/shared-ui/router';
import { PaymentConfirmation, usePaymentConfirmation } from '../../../lib/PaymentConfirmation';
import { useRenewalStatus } from '../api/renewal';
import { RENEW_MESSAGES } from '../messages';
import { day, DeadRenewalLink } from './RenewPanel';

/** Back from Stripe (/renew/{token}/done?session_id=...): paid with the new end, or still pending. */
export function RenewDone({ token }: { token: string }) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const usePage = (refreshMs: number) => useRenewalStatus(token, sessionId, refreshMs);
  const { data, error, waiting } = usePaymentConfirmation(usePage);
  if (error) return <DeadRenewalLink error={error} />;
  return (
    <PaymentConfirmation
      texts={RENEW_MESSAGES}
      waiting={waiting}
      paid={
        data?.status === 'paid' &&
        data.currentEnd && (
          <>
            {RENEW_MESSAGES.renewed(day(data.currentEnd))}{' '}
            <Link to={`/jobs/${data.jobId}`}>{RENEW_MESSAGES.seeJob}</Link>
          </>
        )
      }
    />
  );
}
