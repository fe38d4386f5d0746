import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Theme } from '../theme/theme';

export type BadgeTone = keyof Theme['colors']['badge'];

/** The badge colour of a job type (docs/product.md#routes-and-screens: Full-time, Part-time, Contract, Remote, other). */
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

/**
 * What a status badge means, and the badge colour each meaning takes: screens name the meaning
 * (`tone="awaitingPayment"`), and the colours stay here.
 */
const STATUS_COLOURS = {
  live: 'fullTime',
  off: 'other',
  awaitingReview: 'remote',
  awaitingPayment: 'partTime',
  published: 'fullTime',
  rejected: 'other',
} as const satisfies Record<string, BadgeTone>;

export type StatusTone = keyof typeof STATUS_COLOURS;

/** A badge for the state of something (a listing, a submission, a promo code). */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <Badge $tone={STATUS_COLOURS[tone]}>{children}</Badge>;
}
