import { type HistoryEntry } from '@jobboard/contract/admin';
import { changeValueInWords, jobFieldLabel, type ChangeValue } from '@jobboard/contract/jobs';
import styled from 'styled-components';
import { TIMELINE_MESSAGES as TEXT } from './timeline-messages';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }) + ' UTC';

/** A value before or after a change, as the admin reads it. */
function shown(value: ChangeValue): string {
  if (value === null) return TEXT.none;
  if (typeof value === 'boolean') return value ? TEXT.yes : TEXT.no;
  if (Array.isArray(value)) return value.length ? value.join('; ') : TEXT.none;
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return value === '' ? TEXT.emptyText : value;
}

/**
 * A job's or a submission's history, oldest first, as an ordered list (a timeline). A change that
 * names its fields lists each, from what to what (issue 25: the audit trail).
 */
export function Timeline({ entries, label }: { entries: HistoryEntry[]; label: string }) {
  return (
    <List aria-label={label}>
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} data-kind={entry.kind}>
          <time dateTime={entry.at}>{when(entry.at)}</time>
          <strong>{TEXT.kinds[entry.kind]}</strong>
          <span>{entry.summary}</span>
          {entry.actor && <Actor>{TEXT.by(entry.actor.replace(/^admin:/, ''))}</Actor>}
          {entry.changes && entry.changes.length > 0 && (
            <Changes aria-label={TEXT.changesLabel(entry.summary)}>
              {entry.changes.map((change) => (
                <li key={change.field}>
                  <FieldName>{jobFieldLabel(change.field)}:</FieldName>{' '}
                  <Old>{shown(changeValueInWords(change.field, change.from))}</Old>{' '}
                  <span aria-hidden="true">{TEXT.arrow}</span>{' '}
                  <New>{shown(changeValueInWords(change.field, change.to))}</New>
                </li>
              ))}
            </Changes>
          )}
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
  > li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.xs} 0;
  }
  > li[data-kind='email_failed'] strong {
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

const Changes = styled.ul`
  flex-basis: 100%;
  margin: 0;
  padding-left: 1.25rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li {
    word-break: break-word;
  }
`;

const FieldName = styled.span`
  font-weight: 600;
`;

const Old = styled.del`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const New = styled.ins`
  text-decoration: none;
`;
