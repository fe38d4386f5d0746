import { Card, Spinner } from '@jobboard/shared-ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@jobboard/shared-ui/router';
import { useRenewalStatus } from '../api/renewal';
import { RENEW_MESSAGES } from '../messages';
import { day, DeadRenewalLink } from './RenewPanel';

/** How often, and how long, the return page checks that the payment has been recorded. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_GIVE_UP_MS = 60_000;

/** Back from Stripe (/renew/{token}/done?session_id=...): paid with the new end, or still pending. */
export function RenewDone({ token }: { token: string }) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const [waiting, setWaiting] = useState(true);
  const { data, error } = useRenewalStatus(token, sessionId, waiting ? CONFIRM_POLL_MS : 0);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (data?.status === 'paid') setWaiting(false);
  }, [data?.status]);

  if (error) return <DeadRenewalLink error={error} />;
  return (
    <Card>
      <h1>{RENEW_MESSAGES.successTitle}</h1>
      {data?.status === 'paid' && data.currentEnd ? (
        <p role="status">
          {RENEW_MESSAGES.renewed(day(data.currentEnd))}{' '}
          <Link to={`/jobs/${data.jobId}`}>{RENEW_MESSAGES.seeJob}</Link>
        </p>
      ) : waiting ? (
        <Spinner label={RENEW_MESSAGES.confirming} />
      ) : (
        <p role="status">{RENEW_MESSAGES.slow}</p>
      )}
    </Card>
  );
}
