import { Stack } from '@jobboard/shared-ui';
import styled from 'styled-components';

/** A part of the review card under its own heading (the company's details, the fraud hints). */
export const CardSection = styled(Stack)`
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
  }
`;
