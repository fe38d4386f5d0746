import { AlertSubscription, describeSearch, type AlertFrequency } from '@jobboard/contract/alerts';
import { check, type FieldErrors } from '@jobboard/contract/common';
import { filterToQueryString, type SearchFilter } from '@jobboard/contract/jobs';
import {
  ApiError,
  Button,
  Modal,
  Notice,
  Stack,
  TextField,
  errorMessage,
} from '@jobboard/shared-ui';
import { HumanProofFields, useHumanProof } from '@jobboard/shared-ui/forms';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { subscribeAlert } from '../api/subscribe-alert';
import { ALERT_TEXT } from '../messages';
import { FrequencyChoice } from './FrequencyChoice';

/**
 * 'Get these jobs by e-mail': follow the board's applied search (`filter`, as the board page read
 * it from the address) in a dialog with the address and how often. The API answers with what to
 * do next (confirm from the e-mail); nothing is sent before that.
 */
export function FollowSearch({ filter }: { filter: SearchFilter }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" $variant="secondary" $size="sm" onClick={() => setOpen(true)}>
        {ALERT_TEXT.open}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={ALERT_TEXT.dialogTitle}>
        {open && <FollowSearchForm filter={filter} onClose={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function FollowSearchForm({ filter, onClose }: { filter: SearchFilter; onClose(): void }) {
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>('weekly');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The spam check (issue 45), worked out as the dialog opens.
  const proof = useHumanProof('shown');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { email: email.trim(), frequency, search: filterToQueryString(filter) };
    const checked = check(AlertSubscription, body);
    setProblem(null);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setSending(true);
    try {
      setDone((await subscribeAlert(body, await proof.take())).message);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fields) setErrors(fields);
      setProblem(errorMessage(error, ALERT_TEXT.failed));
    } finally {
      setSending(false);
    }
  };

  if (done) {
    return (
      <Body>
        <p role="status">{done}</p>
        <Button type="button" onClick={onClose}>
          {ALERT_TEXT.close}
        </Button>
      </Body>
    );
  }
  return (
    <Body as="form" noValidate onSubmit={(event: FormEvent) => void submit(event)}>
      <p>{ALERT_TEXT.dialogIntro(describeSearch(filter))}</p>
      <TextField
        label={ALERT_TEXT.email}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <FrequencyChoice value={frequency} onChange={setFrequency} />
      <HumanProofFields proof={proof} />
      {problem && (
        <Notice $tone="danger" role="alert">
          {problem}
        </Notice>
      )}
      <Button type="submit" disabled={sending}>
        {sending ? ALERT_TEXT.sending : ALERT_TEXT.submit}
      </Button>
    </Body>
  );
}

const Body = styled(Stack)`
  p {
    margin: 0;
  }
`;
