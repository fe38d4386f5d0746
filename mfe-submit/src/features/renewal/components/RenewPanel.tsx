import type { RenewalPageView } from '@jobboard/contract/payments';
import { Card, Spinner, errorMessage, formatCents, formatUsDate } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import { CheckoutButton } from '../../../lib/CheckoutButton';
import { DeadLinkCard, Notice, Small } from '../../../lib/pay-card';
import { startRenewalCheckout, useRenewalPage } from '../api/renewal';
import { RENEW_MESSAGES } from '../messages';

/** A date of the API (ISO 8601) as the page shows it. */
export const day = (iso: string) => formatUsDate(iso.slice(0, 10));

/** /renew/{token}: the listing, its end now and renewed, the price, and a button to Stripe. */
export function RenewPanel({ token }: { token: string }) {
  const { data: view, error, isLoading, mutate } = useRenewalPage(token);

  if (isLoading) return <Spinner label="Loading your listing..." />;
  if (error || !view) return <DeadRenewalLink error={error} />;

  return (
    <Card>
      <h1>{RENEW_MESSAGES.title}</h1>
      <Summary view={view} />
      {view.refusal ? (
        <Notice role="alert">{view.refusal}</Notice>
      ) : (
        // When Checkout cannot start, the listing may have left the renewal window: the page
        // says why.
        <CheckoutButton
          configured={view.paymentsConfigured}
          label={RENEW_MESSAGES.pay(formatCents(view.priceCents))}
          start={() => startRenewalCheckout(token)}
          refresh={() => mutate()}
        />
      )}
      <Small>{RENEW_MESSAGES.stripeNote}</Small>
    </Card>
  );
}

function Summary({ view }: { view: RenewalPageView }) {
  return (
    <dl>
      <dt>Listing</dt>
      <dd>
        <Link to={`/jobs/${view.jobId}`}>{`${view.title} at ${view.organization}`}</Link>
      </dd>
      <dt>Now</dt>
      <dd>
        {view.ended
          ? RENEW_MESSAGES.endedOn(day(view.currentEnd))
          : RENEW_MESSAGES.endsOn(day(view.currentEnd))}
      </dd>
      {!view.refusal && (
        <>
          <dt>Renewal</dt>
          <dd>{RENEW_MESSAGES.term(view.tierName, view.durationDays)}</dd>
          <dt>New end</dt>
          <dd>{RENEW_MESSAGES.renewedUntil(day(view.newEnd))}</dd>
          <dt>Price</dt>
          <dd>{formatCents(view.priceCents)}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * A renewal link that is unknown (404), expired (410: the employer's listings page gives a new
 * one), or a page that could not load.
 */
export function DeadRenewalLink({ error }: { error: unknown }) {
  return (
    <DeadLinkCard
      title={RENEW_MESSAGES.title}
      error={error}
      explain={() => errorMessage(error, RENEW_MESSAGES.invalidLink)}
      more={(refusal) =>
        refusal === 410 && <Link to="/employer">{RENEW_MESSAGES.yourListings}</Link>
      }
    />
  );
}
