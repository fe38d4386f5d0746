import {
  ADMIN_MESSAGES,
  AdminLogin,
  TWO_FACTOR_MESSAGES,
  TwoFactorCode,
} from '@jobboard/contract/admin';
import { check } from '@jobboard/contract/common';
import { ApiError, Button, Card, Stack, TextField, toast } from '@jobboard/shared-ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { useLogin } from '../api/login';
import { useLoginCode } from '../api/login-code';
import { AUTH_TEXT } from '../messages';
import { CodeField, FormAlert, PasswordField } from '../../../lib/sign-in-fields';

/** The code step's answers that mean the sign-in must start again from the password. */
const SIGN_IN_OVER = new Set<string>([
  TWO_FACTOR_MESSAGES.noPendingSignIn,
  TWO_FACTOR_MESSAGES.credentialsChanged,
]);

/**
 * Admin sign-in (docs/product.md#routes-and-screens, docs/product.md#validation and docs/product.md#errors): the password,
 * then, for an admin with two-factor sign-in, a one-time or recovery code. An admin the board
 * requires to set it up first (ADMIN_2FA=required) goes to the security page.
 */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const { trigger: login } = useLogin();
  const { trigger: loginCode } = useLoginCode();

  const fail = (failure: unknown, fallback: string) => {
    const message =
      failure instanceof ApiError ? (failure.serverMessage ?? fallback) : AUTH_TEXT.loginError;
    setError(message);
    toast({ title: message, variant: 'destructive' });
    setPending(false);
  };

  const signedIn = (next?: 'code' | 'enrol') => {
    toast({ title: AUTH_TEXT.loginSucceeded, variant: 'success' });
    navigate(next === 'enrol' ? '/admin/security' : '/admin/dashboard', { replace: true });
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(TwoFactorCode, { code }).ok) {
      setError(TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await loginCode({ code });
      signedIn();
    } catch (failure) {
      setCode('');
      fail(failure, TWO_FACTOR_MESSAGES.badCode);
      // The waiting sign-in is over (expired, or the password changed since): no code can finish it.
      if (failure instanceof ApiError && SIGN_IN_OVER.has(failure.serverMessage ?? '')) {
        setStep('password');
      }
    }
  };

  if (step === 'code') {
    return (
      <Box>
        <h1>{TWO_FACTOR_MESSAGES.codeStepTitle}</h1>
        <p>{TWO_FACTOR_MESSAGES.codeStepHint}</p>
        <Stack as="form" onSubmit={submitCode} noValidate>
          <CodeField value={code} onChange={setCode} />
          {error && <FormAlert role="alert">{error}</FormAlert>}
          <Button type="submit" disabled={pending}>
            {pending ? AUTH_TEXT.loggingIn : TWO_FACTOR_MESSAGES.verify}
          </Button>
        </Stack>
      </Box>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(AdminLogin, { username, password }).ok) {
      setError(ADMIN_MESSAGES.login);
      toast({ title: ADMIN_MESSAGES.login, variant: 'destructive' });
      return;
    }
    setPending(true);
    setError(null);
    try {
      const answer = await login({ username, password });
      if (answer.next === 'code') {
        setPassword('');
        setStep('code');
        setPending(false);
        return;
      }
      signedIn(answer.next);
    } catch (failure) {
      fail(failure, ADMIN_MESSAGES.badLogin);
    }
  };

  return (
    <Box>
      <h1>{AUTH_TEXT.loginTitle}</h1>
      <Stack as="form" onSubmit={submit} noValidate>
        <TextField
          label={AUTH_TEXT.username}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <PasswordField label={AUTH_TEXT.password} value={password} onChange={setPassword} />
        {error && <FormAlert role="alert">{error}</FormAlert>}
        <Button type="submit" disabled={pending}>
          {pending ? AUTH_TEXT.loggingIn : AUTH_TEXT.login}
        </Button>
      </Stack>
    </Box>
  );
}

const Box = styled(Card)`
  max-width: 24rem;
  margin: ${({ theme }) => theme.space.xxl} auto;
  h1 {
    margin-top: 0;
  }
`;
