import { Spinner, errorMessage } from '@jobboard/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { Timeline } from '../../../lib/Timeline';
import { useSubmissionHistory } from '../api/submission-history';
import { SUBMISSION_TEXT } from '../messages';

/** 'History' under a submission: its timeline, loaded when opened. */
export function SubmissionHistory({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const { data, error } = useSubmissionHistory(open ? id : null);
  return (
    <Details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{SUBMISSION_TEXT.history}</summary>
      {!open ? null : error ? (
        <p role="alert">{errorMessage(error, SUBMISSION_TEXT.historyFailed)}</p>
      ) : !data ? (
        <Spinner label={SUBMISSION_TEXT.history} />
      ) : (
        <Timeline entries={data} label={SUBMISSION_TEXT.historyOf(id)} />
      )}
    </Details>
  );
}

const Details = styled.details`
  margin-top: ${({ theme }) => theme.space.sm};
  summary {
    cursor: pointer;
    font-weight: 600;
  }
`;
