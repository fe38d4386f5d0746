import { Button, Card } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { SUBMIT_TEXT } from '../messages';

/** After a successful submission (docs/product.md#routes-and-screens). */
export function SubmissionSuccess({ email }: { email: string }) {
  return (
    <Panel role="status">
      <h1>{SUBMIT_TEXT.successTitle}</h1>
      <h2>Next steps</h2>
      <ol>
        {SUBMIT_TEXT.successSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>
        Our team will contact you at <strong>{email}</strong>.
      </p>
      <Button as={Link} to="/">
        {SUBMIT_TEXT.returnToBoard}
      </Button>
    </Panel>
  );
}

const Panel = styled(Card)`
  h1 {
    margin-top: 0;
    color: ${({ theme }) => theme.colors.success};
  }
  ol {
    padding-left: ${({ theme }) => theme.space.lg};
  }
`;
