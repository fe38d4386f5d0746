import { ADMIN_MESSAGES, AdminLogin } from '@jobboard/contract/admin';
import { check } from '@jobboard/contract/common';
import { ApiError, Button, Card, Stack, TextField, toast } from '@jobboard/shared-ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { useLogin } from '../api/login';
import { AUTH_TEXT } from '../messages';

/** Admin sign-in (docs/product.md#routes-and-screens, docs/product.md#validation and docs/product.md#errors). */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const { trigger: login } = useLogin();

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
      await login({ username, password });
      toast({ title: AUTH_TEXT.loginSucceeded, variant: 'success' });
      navigate('/admin/dashboard', { replace: true });
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? (failure.serverMessage ?? ADMIN_MESSAGES.badLogin)
          : AUTH_TEXT.loginError;
      setError(message);
      toast({ title: message, variant: 'destructive' });
      setPending(false);
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
        <TextField
          label={AUTH_TEXT.password}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && <Alert role="alert">{error}</Alert>}
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

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;
