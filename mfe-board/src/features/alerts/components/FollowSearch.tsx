import {
  ALERT_FREQUENCIES,
  AlertSubscription,
  ENDPOINTS,
  check,
  describeSearch,
  filterFromQueryString,
  type AlertFrequency,
  type FieldErrors,
} from '@jobboard/contract';
import {
  ApiError,
  Button,
  Modal,
  Notice,
  TextField,
  apiFetch,
  errorMessage,
} from '@jobboard/shared-ui';
import { useLocation } from '@jobboard/shared-ui/router';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ALERT_TEXT } from '../messages';

/**
 * 'Get these jobs by e-mail': follow the board's current search (the query string of the address)
 * in a dialog with the address and how often. The API answers with what to do next (confirm from
 * the e-mail); nothing is sent before that.
 */
export function FollowSearch() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" $variant="secondary" $size="sm" onClick={() => setOpen(true)}>
        {ALERT_TEXT.open}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={ALERT_TEXT.dialogTitle}>
        {open && <FollowSearchForm onClose={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function FollowSearchForm({ onClose }: { onClose(): void }) {
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>('weekly');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { email: email.trim(), frequency, search };
    const checked = check(AlertSubscription, body);
    setProblem(null);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setSending(true);
    try {
      setDone((await apiFetch(ENDPOINTS.subscribeAlert, { body })).message);
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
      <p>{ALERT_TEXT.dialogIntro(describeSearch(filterFromQueryString(search)))}</p>
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
      <Choices>
        <legend>{ALERT_TEXT.frequency}</legend>
        {ALERT_FREQUENCIES.map((choice) => (
          <label key={choice.value}>
            <input
              type="radio"
              name="frequency"
              value={choice.value}
              checked={frequency === choice.value}
              onChange={() => setFrequency(choice.value)}
            />{' '}
            {choice.label}
          </label>
        ))}
      </Choices>
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

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  p {
    margin: 0;
  }
`;

const Choices = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  gap: ${({ theme }) => theme.space.lg};
  legend {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;
