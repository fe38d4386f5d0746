import type { AdminPaymentIssue } from '@jobboard/contract';
import { Button, Notice } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { SUBMISSION_TEXT } from '../messages';

/**
 * Payments Stripe took that did not publish this listing (a second payment, an old amount, a
 * session we did not create): each with why, and a way to clear it once refunded or accepted.
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
      <Body>
        <strong>{SUBMISSION_TEXT.paymentIssues}</strong>
        <List>
          {issues.map((issue) => (
            <li key={issue.id} data-testid="payment-issue">
              <p>
                <strong>{SUBMISSION_TEXT.paymentIssueLabels[issue.status]}</strong>: {issue.reason}.
                {issue.checkoutSessionId && <> Stripe session {issue.checkoutSessionId}.</>}
              </p>
              <Button
                $variant="secondary"
                $size="sm"
                disabled={busy}
                onClick={() => onResolve(issue.id)}
              >
                {SUBMISSION_TEXT.resolveIssue}
              </Button>
            </li>
          ))}
        </List>
        <p>{SUBMISSION_TEXT.paymentIssueHelp}</p>
      </Body>
    </Notice>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const List = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
  }
`;
