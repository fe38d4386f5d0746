import styled from 'styled-components';
import type { Theme } from '../theme/theme';

export type BadgeTone = keyof Theme['colors']['badge'];

/** The badge colour of a job type (SPEC.md 2: Full-time, Part-time, Contract, Remote, other). */
export function jobTypeTone(jobType: string): BadgeTone {
  switch (jobType.trim().toLowerCase()) {
    case 'full-time':
      return 'fullTime';
    case 'part-time':
      return 'partTime';
    case 'contract':
      return 'contract';
    case 'remote':
      return 'remote';
    default:
      return 'other';
  }
}

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  padding: 0.125rem ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  background: ${({ theme, $tone = 'other' }) => theme.colors.badge[$tone].bg};
  color: ${({ theme, $tone = 'other' }) => theme.colors.badge[$tone].fg};
`;
