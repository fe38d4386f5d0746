import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { TextField } from '@jobboard/shared-ui';
import styled from 'styled-components';

/**
 * The fields an admin proves who they are with, written once for the sign-in page and the
 * security page: the browser's password manager and one-time-code autofill go by their `name`
 * and `autoComplete`, so every place that asks for a code or the password spells them the same.
 */
interface BoundField {
  value: string;
  onChange(value: string): void;
}

/** A one-time code from the authenticator app (or a recovery code, where the form takes one). */
export function CodeField({ name = 'code', value, onChange }: BoundField & { name?: string }) {
  return (
    <TextField
      label={TWO_FACTOR_MESSAGES.codeLabel}
      name={name}
      autoComplete="one-time-code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The admin's current password. */
export function PasswordField({ label, value, onChange }: BoundField & { label: string }) {
  return (
    <TextField
      label={label}
      name="password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A sign-in or security form's failure, under its fields. */
export const FormAlert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;
