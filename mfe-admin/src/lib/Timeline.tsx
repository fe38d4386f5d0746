import type { HistoryEntry, HistoryKind } from '@jobboard/contract';
import styled from 'styled-components';

const KIND_LABELS: Record<HistoryKind, string> = {
  created: 'Created',
  edited: 'Edited',
  activated: 'Activated',
  deactivated: 'Deactivated',
  extended: 'Extended',
  republished: 'Republished',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
  published: 'Published',
  expired: 'Expired',
  changed: 'Changed',
  company_changed: 'Company details',
  email_sent: 'E-mail sent',
  email_failed: 'E-mail failed',
  email_waiting: 'E-mail waiting',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }) + ' UTC';

/** A job's or a submission's history, oldest first, as an ordered list (a timeline). */
export function Timeline({ entries, label }: { entries: HistoryEntry[]; label: string }) {
  return (
    <List aria-label={label}>
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} data-kind={entry.kind}>
          <time dateTime={entry.at}>{when(entry.at)}</time>
          <strong>{KIND_LABELS[entry.kind]}</strong>
          <span>{entry.summary}</span>
          {entry.actor && <Actor>by {entry.actor.replace(/^admin:/, '')}</Actor>}
        </li>
      ))}
    </List>
  );
}

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0 0 0 ${({ theme }) => theme.space.md};
  border-left: 2px solid ${({ theme }) => theme.colors.border};
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.xs} 0;
  }
  li[data-kind='email_failed'] strong {
    color: ${({ theme }) => theme.colors.danger};
  }
  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    min-width: 11rem;
  }
`;

const Actor = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
