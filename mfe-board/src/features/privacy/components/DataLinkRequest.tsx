import { AlertDataLinkRequest, DATA_RIGHTS_TEXTS } from '@jobboard/contract/alerts';
import { check, type FieldErrors } from '@jobboard/contract/common';
import { ApiError, Button, Notice, TextField, errorMessage } from '@jobboard/shared-ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { requestDataLink } from '../api/alert-data';
import { DataSection } from './DataRights';

/**
 * 'E-mail me a link' (an alert's manage and unsubscribe pages, /alerts/data): everything the board
 * keeps about an address is downloaded or deleted only through a link e-mailed to that address,
 * never through one alert's link (issue 43). The answer is the same for any address.
 */
export function DataLinkRequest({ withHeading = true }: { withHeading?: boolean }) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { email: email.trim() };
    const checked = check(AlertDataLinkRequest, body);
    setProblem(null);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setSending(true);
    try {
      setDone((await requestDataLink(body.email)).message);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fields) setErrors(fields);
      setProblem(errorMessage(error, DATA_RIGHTS_TEXTS.failed));
    } finally {
      setSending(false);
    }
  };

  return (
    <DataSection
      aria-labelledby={withHeading ? 'data-link-title' : undefined}
      aria-label={withHeading ? undefined : DATA_RIGHTS_TEXTS.requestButton}
    >
      {withHeading && <h2 id="data-link-title">{DATA_RIGHTS_TEXTS.heading}</h2>}
      <p>{DATA_RIGHTS_TEXTS.requestIntro}</p>
      {done ? (
        <p role="status">{done}</p>
      ) : (
        <Form noValidate onSubmit={(event: FormEvent) => void submit(event)}>
          <TextField
            label={DATA_RIGHTS_TEXTS.requestEmail}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {problem && (
            <Notice $tone="danger" role="alert">
              {problem}
            </Notice>
          )}
          <Button type="submit" disabled={sending}>
            {DATA_RIGHTS_TEXTS.requestButton}
          </Button>
        </Form>
      )}
    </DataSection>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
`;
