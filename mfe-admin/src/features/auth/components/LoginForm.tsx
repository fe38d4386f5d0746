import { ADMIN_MESSAGES, AdminLogin, check } from '@jobboard/contract';
import { ApiError, Button, Card, TextField, toast } from '@jobboard/shared-ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import { checkAuthKey } from '../api/check-auth';
import { login } from '../api/login';

/** Admin sign-in (SPEC.md 2, 5 and 8). */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

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
      await mutate(checkAuthKey);
      toast({ title: 'Login successful!', variant: 'success' });
      navigate('/admin/dashboard', { replace: true });
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? (failure.serverMessage ?? ADMIN_MESSAGES.badLogin)
          : 'An error occurred during login';
      setError(message);
      toast({ title: message, variant: 'destructive' });
      setPending(false);
    }
  };

  return (
    <Box>
      <h1>Admin Login</h1>
      <Form onSubmit={submit} noValidate>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && <Alert role="alert">{error}</Alert>}
        <Button type="submit" disabled={pending}>
          {pending ? 'Logging in...' : 'Login'}
        </Button>
      </Form>
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

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;
