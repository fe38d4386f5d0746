import styled from 'styled-components';
import { PinIcon } from './icons';

/** The job's location line with its pin, on a card (`compact`) and in the job's detail. */
export function JobLocation({
  location,
  compact = false,
}: {
  location: string;
  compact?: boolean;
}) {
  return (
    <Line $compact={compact}>
      <PinIcon />
      {location}
    </Line>
  );
}

const Line = styled.p<{ $compact: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: ${({ theme, $compact }) => ($compact ? `${theme.space.xs} 0 0` : `${theme.space.xs} 0`)};
  font-size: ${({ theme, $compact }) => ($compact ? theme.fontSizes.sm : 'inherit')};
  color: ${({ theme }) => theme.colors.textMuted};
`;
