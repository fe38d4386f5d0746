import {
  EMPLOYER_STATUS_LABELS,
  EMPLOYER_TIMELINE_LABELS,
  type EmployerListing,
} from '@jobboard/contract/employer';
import { formatUsDate } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { EMPLOYER_TEXT } from '../messages';

export const day = (iso: string) => formatUsDate(iso.slice(0, 10));

/** A listing's timeline, oldest first: each step and its date ('Ends' is still to come). */
export function Timeline({ listing }: { listing: EmployerListing }) {
  return (
    <Steps aria-label={EMPLOYER_TEXT.timeline}>
      {listing.timeline.map((entry, index) => (
        <li key={index}>
          <strong>{EMPLOYER_TIMELINE_LABELS[entry.kind]}</strong>{' '}
          {entry.kind === 'closed' && entry.detail
            ? `(${EMPLOYER_STATUS_LABELS[entry.detail === 'filled' ? 'filled' : 'closed']}) `
            : ''}
          <time dateTime={entry.at}>{day(entry.at)}</time>
          {entry.kind === 'renewed' && entry.detail
            ? ` (${EMPLOYER_TEXT.renewedUntil(day(entry.detail))})`
            : ''}
        </li>
      ))}
    </Steps>
  );
}

const Steps = styled.ol`
  margin: 0;
  padding-left: 1.25rem;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
