import {
  CHECK_IN_MESSAGES,
  adminCheckInLine,
  type CheckInState,
} from '@jobboard/contract/employer';
import styled from 'styled-components';

/**
 * A listing's latest still-hiring check-in (issue 45), on the jobs list and the job page: flagged
 * (no answer in time, and whether that took it off the board) in the danger colour with the flag's
 * name first, otherwise its answer or that it waits for one, in small print.
 */
export function CheckInMark({ checkIn }: { checkIn: CheckInState }) {
  const { text, flagged } = adminCheckInLine(checkIn);
  return flagged ? (
    <Flagged>
      <strong>{CHECK_IN_MESSAGES.unansweredFlag}</strong>: {text}
    </Flagged>
  ) : (
    <Quiet>{text}</Quiet>
  );
}

const Flagged = styled.span`
  display: block;
  max-width: 18rem;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.danger};
`;

const Quiet = styled.span`
  display: block;
  max-width: 18rem;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;
