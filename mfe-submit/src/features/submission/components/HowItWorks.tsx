import { Card } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { SUBMIT_TEXT } from '../messages';

export function HowItWorks() {
  return (
    <Box aria-labelledby="how-it-works">
      <h2 id="how-it-works">{SUBMIT_TEXT.howItWorks}</h2>
      <ol>
        {SUBMIT_TEXT.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Box>
  );
}

const Box = styled(Card)`
  background: ${({ theme }) => theme.colors.primarySoft};
  border-color: ${({ theme }) => theme.colors.primarySoft};
  h2 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ol {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;
