import { check } from '@jobboard/contract/common';
import { EmployerLinkRequest } from '@jobboard/contract/employer';
import { Button, Card, Stack, TextField, errorMessage } from '@jobboard/shared-ui';
import { HumanProofFields, useHumanProof } from '@jobboard/shared-ui/forms';
import { useState, type FormEvent } from 'react';
import { askForLink } from '../api/employer';
import { EMPLOYER_TEXT } from '../messages';

/**
 * /employer: an address, and 'E-mail me a sign-in link'. The answer is the same whether or not the
 * address has listings (the API's message, shown as it is). The spam check (issue 45) is worked
 * out while the page is open; a refusal keeps the address typed.
 */
export function SignInRequest({ notice }: { notice?: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const proof = useHumanProof('shown');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(EmployerLinkRequest, { email });
    if (!checked.ok) {
      setError(checked.errors.email);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      setSent((await askForLink(email.trim(), await proof.take())).message);
    } catch (failure) {
      setError(errorMessage(failure, EMPLOYER_TEXT.loadFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card>
      <h1>{EMPLOYER_TEXT.signInTitle}</h1>
      {notice && <p role="alert">{notice}</p>}
      <p>{EMPLOYER_TEXT.signInIntro}</p>
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <Stack as="form" $gap="md" onSubmit={submit} noValidate aria-label={EMPLOYER_TEXT.sendLink}>
          <TextField
            label={EMPLOYER_TEXT.emailLabel}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={error}
          />
          <HumanProofFields proof={proof} />
          <div>
            <Button type="submit" disabled={sending}>
              {sending ? EMPLOYER_TEXT.sending : EMPLOYER_TEXT.sendLink}
            </Button>
          </div>
        </Stack>
      )}
    </Card>
  );
}
