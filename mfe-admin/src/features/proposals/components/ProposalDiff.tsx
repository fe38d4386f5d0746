import type { FieldChange } from '@jobboard/contract/jobs';
import { changeValueInWords, jobFieldLabel } from '@jobboard/contract/jobs';
import { diffLines } from 'diff';
import styled from 'styled-components';
import { PROPOSAL_TEXT } from '../messages';

/** A value as the diff shows it: a list one entry a line, none as the 'empty' word. */
export const shown = (value: FieldChange['from']): string =>
  Array.isArray(value) ? value.join('\n') : value == null || value === '' ? '' : String(value);

/** Long texts (more than one line, or long) get a line diff; short values old and new. */
const isLong = (change: FieldChange) =>
  Array.isArray(change.from) ||
  Array.isArray(change.to) ||
  [change.from, change.to].some(
    (v) => typeof v === 'string' && (v.includes('\n') || v.length > 80),
  );

/**
 * A proposal's changes, field by field: the job's value now and the proposed one; a long text as
 * a line diff (removed lines marked '-', added '+', each read out by its label too).
 */
export function ProposalDiff({ changes }: { changes: FieldChange[] }) {
  return (
    <Fields>
      {changes.map((change) => (
        <div key={change.field}>
          <dt>{jobFieldLabel(change.field)}</dt>
          <dd>{isLong(change) ? <LineDiff change={change} /> : <ShortDiff change={change} />}</dd>
        </div>
      ))}
    </Fields>
  );
}

function ShortDiff({ change }: { change: FieldChange }) {
  const from = shown(changeValueInWords(change.field, change.from));
  const to = shown(changeValueInWords(change.field, change.to));
  return (
    <Pair>
      <Removed aria-label={PROPOSAL_TEXT.old}>{from || PROPOSAL_TEXT.empty}</Removed>
      <span aria-hidden="true">→</span>
      <Added aria-label={PROPOSAL_TEXT.new}>{to || PROPOSAL_TEXT.empty}</Added>
    </Pair>
  );
}

function LineDiff({ change }: { change: FieldChange }) {
  const parts = diffLines(`${shown(change.from)}\n`, `${shown(change.to)}\n`);
  return (
    <Lines aria-label={PROPOSAL_TEXT.lineDiff(jobFieldLabel(change.field))}>
      {parts.flatMap((part, i) =>
        part.value
          .replace(/\n$/, '')
          .split('\n')
          .map((line, j) => {
            const key = `${i}-${j}`;
            if (part.added) {
              return (
                <Added as="li" key={key} aria-label={`${PROPOSAL_TEXT.added}: ${line}`}>
                  + {line}
                </Added>
              );
            }
            if (part.removed) {
              return (
                <Removed as="li" key={key} aria-label={`${PROPOSAL_TEXT.removed}: ${line}`}>
                  - {line}
                </Removed>
              );
            }
            return <Same key={key}>{`  ${line}`}</Same>;
          }),
      )}
    </Lines>
  );
}

const Fields = styled.dl`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const Pair = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: baseline;
`;

const Lines = styled.ol`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  font-family: ${({ theme }) => theme.fonts.mono};
  white-space: pre-wrap;
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Removed = styled.span`
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
`;

const Added = styled.span`
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.success};
`;

const Same = styled.li`
  color: ${({ theme }) => theme.colors.textMuted};
`;
