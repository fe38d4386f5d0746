import { Button, Card, errorMessage } from '@jobboard/shared-ui';
import { useNavigate, useSearchParams } from '@jobboard/shared-ui/router';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { signIn } from '../api/employer';
import { EMPLOYER_TEXT } from '../messages';
import { SignInRequest } from './SignInRequest';

/**
 * /employer/sign-in?token=... (or ?invite=..., an invitation to an organisation): the link of the e-mail. Opening it changes nothing (a mail scanner
 * that fetches it signs nobody in); the button POSTs the token. A used or expired link says so,
 * with the form for a new one.
 */
export function SignInLink() {
  const [params] = useSearchParams();
  // An organisation's invitation (issue 47) is pressed on the same page: it signs in and joins.
  const token = params.get('token') ?? params.get('invite') ?? '';
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (failed) return <SignInRequest notice={failed} />;

  const go = async () => {
    setBusy(true);
    try {
      await signIn(token);
      // Every cached answer of the employer's (a signed-out session) is stale now.
      await mutate(() => true, undefined, { revalidate: false });
      navigate('/employer/listings', { replace: true });
    } catch (failure) {
      setFailed(errorMessage(failure, EMPLOYER_TEXT.loadFailed));
      setBusy(false);
    }
  };

  return (
    <Card>
      <h1>{EMPLOYER_TEXT.signInTitle}</h1>
      <p>{EMPLOYER_TEXT.signInLinkIntro}</p>
      <Button onClick={go} disabled={busy}>
        {busy ? EMPLOYER_TEXT.signingIn : EMPLOYER_TEXT.signInButton}
      </Button>
    </Card>
  );
}
