import type { AdminPaymentIssue } from '@jobboard/contract/admin';
import { Button, Cluster, Notice, Stack } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { SUBMISSION_TEXT } from '../messages';

/**
 * Payments Stripe took that did not publish this listing (a second payment, an old amount, a
 * session we did not create), or did not renew it ("Renewal: ..."): each with why, and a way to
 * clear it once refunded or accepted.
 */
export function PaymentIssues({
  issues,
  busy,
  onResolve,
}: {
  issues: AdminPaymentIssue[];
  busy: boolean;
  onResolve(paymentId: string): void;
}) {
  // `?.`: this remote may be deployed before an API that lists payment issues.
  if (!issues?.length) return null;
  return (
    <Notice $tone="danger" role="alert" aria-label={SUBMISSION_TEXT.paymentIssues}>
      <Stack $gap="sm">
        <strong>{SUBMISSION_TEXT.paymentIssues}</strong>
        <List>
          {issues.map((issue) => (
            <Cluster as="li" key={issue.id} data-testid="payment-issue">
              <p>
                <strong>
                  {issue.kind === 'renewal' && `${SUBMISSION_TEXT.renewalIssue}: `}
                  {SUBMISSION_TEXT.paymentIssueLabels[issue.status]}
                </strong>
                : {issue.reason}.
                {issue.checkoutSessionId && SUBMISSION_TEXT.stripeSession(issue.checkoutSessionId)}
              </p>
              <Button
                $variant="secondary"
                $size="sm"
                disabled={busy}
                onClick={() => onResolve(issue.id)}
              >
                {SUBMISSION_TEXT.resolveIssue}
              </Button>
            </Cluster>
          ))}
        </List>
        <p>{SUBMISSION_TEXT.paymentIssueHelp}</p>
      </Stack>
    </Notice>
  );
}

const List = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
`;
