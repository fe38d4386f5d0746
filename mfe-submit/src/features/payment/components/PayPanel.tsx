import { Card, Spinner, errorMessage, formatUsDate } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import { RefundPolicyLink } from '../../../lib/LegalLinks';
import { DeadLinkCard, Small } from '../../../lib/pay-card';
import { usePayPage } from '../api/get-pay-page';
import { PAY_MESSAGES } from '../messages';
import { PayForm } from './PayForm';
import { PaySummary } from './PaySummary';

/** /pay/{token}: what is owed, and a button that goes to Stripe Checkout. */
export function PayPanel({ token }: { token: string }) {
  const { data: view, error, isLoading, mutate } = usePayPage(token);

  if (isLoading) return <Spinner label="Loading your listing..." />;
  if (error || !view) return <DeadLink error={error} />;

  return (
    <Card>
      <h1>{PAY_MESSAGES.title}</h1>
      <PaySummary view={view} />
      {view.invoice && !view.invoice.paid ? (
        // Sent and not yet paid (live already when the admins publish on approval).
        <p role="status">
          {PAY_MESSAGES.invoiceDue(formatUsDate(view.invoice.dueOn))}{' '}
          {view.invoice.url && <a href={view.invoice.url}>{PAY_MESSAGES.viewInvoice}</a>}{' '}
          {view.jobId && <Link to={`/jobs/${view.jobId}`}>See your job</Link>}
        </p>
      ) : view.status === 'paid' ? (
        <p role="status">
          {PAY_MESSAGES.paid} {view.jobId && <Link to={`/jobs/${view.jobId}`}>See your job</Link>}
        </p>
      ) : (
        // When Checkout cannot start, the amount may have changed (a promo code used up
        // meanwhile), or the link expired: the page shows it again.
        <PayForm token={token} view={view} refresh={() => mutate()} />
      )}
      <Small>
        Payments are processed securely by Stripe. Your job goes live as soon as the payment is
        confirmed.
        {view.status === 'approved' && view.linkExpiresAt && (
          <> {PAY_MESSAGES.linkValidUntil(formatUsDate(view.linkExpiresAt.slice(0, 10)))}</>
        )}
      </Small>
      <RefundPolicyLink />
    </Card>
  );
}

/**
 * A link that cannot be used: unknown (404), or no longer payable (410: the listing was rejected,
 * or the link expired or was revoked by an admin, when the API's message says whom to write to
 * for a new one).
 */
export function DeadLink({ error }: { error: unknown }) {
  return (
    <DeadLinkCard
      title={PAY_MESSAGES.title}
      error={error}
      explain={(refusal) =>
        refusal === 410 ? errorMessage(error, PAY_MESSAGES.deadLink) : PAY_MESSAGES.invalidLink
      }
    />
  );
}
