import { TWO_FACTOR_MESSAGES, type TwoFactorEnrolment } from '@jobboard/contract/admin';
import { ApiError, Button, Card, Spinner, Stack, toast } from '@jobboard/shared-ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CodeField, FormAlert, PasswordField } from '../../../lib/sign-in-fields';
import {
  useRecoveryCodes,
  useTwoFactor,
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorSetup,
} from '../api/two-factor';

const messageOf = (failure: unknown) =>
  failure instanceof ApiError
    ? (failure.serverMessage ?? TWO_FACTOR_MESSAGES.badCode)
    : TWO_FACTOR_MESSAGES.badCode;

/**
 * The signed-in admin's two-factor sign-in: set it up (a QR code and the key as text, then a code
 * to confirm), see the recovery codes once, replace them, or turn it off with a code or the password.
 */
export function TwoFactorSettings() {
  const { data: status } = useTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const setup = useTwoFactorSetup();

  if (!status) return <Spinner label={TWO_FACTOR_MESSAGES.securityTitle} hideLabel />;

  const start = async () => {
    setError(null);
    try {
      setEnrolment(await setup.trigger());
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  return (
    <Box>
      <h1>{TWO_FACTOR_MESSAGES.securityTitle}</h1>
      {recoveryCodes ? (
        <RecoveryCodesShown codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : enrolment ? (
        <Enrolment
          enrolment={enrolment}
          onEnabled={(codes) => {
            setEnrolment(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : status.enabled ? (
        <Stack>
          <p>{TWO_FACTOR_MESSAGES.statusOn}</p>
          <p>{TWO_FACTOR_MESSAGES.recoveryLeft(status.recoveryCodesLeft)}</p>
          <Regenerate onCodes={setRecoveryCodes} />
          {!status.required && <Disable />}
        </Stack>
      ) : (
        <Stack>
          <p>
            {status.required ? TWO_FACTOR_MESSAGES.requiredNotice : TWO_FACTOR_MESSAGES.statusOff}
          </p>
          {error && <FormAlert role="alert">{error}</FormAlert>}
          <Button onClick={start} disabled={setup.isMutating}>
            {TWO_FACTOR_MESSAGES.start}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/** A form with one code field: the enrolment's confirmation and the recovery codes' renewal. */
function CodeForm({
  submitLabel,
  onCode,
}: {
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(TWO_FACTOR_MESSAGES.enrolCode);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onCode(code);
    } catch (failure) {
      setError(messageOf(failure));
      setCode('');
      setPending(false);
    }
  };
  return (
    <Stack as="form" onSubmit={submit} noValidate>
      <CodeField value={code} onChange={setCode} />
      {error && <FormAlert role="alert">{error}</FormAlert>}
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </Stack>
  );
}

function Enrolment({
  enrolment,
  onEnabled,
}: {
  enrolment: TwoFactorEnrolment;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useTwoFactorEnable();
  return (
    <Stack>
      <p>{TWO_FACTOR_MESSAGES.scan}</p>
      <Qr
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={TWO_FACTOR_MESSAGES.qrAlt}
        width={200}
        height={200}
      />
      <p>
        {TWO_FACTOR_MESSAGES.secretLabel}:{' '}
        <Secret data-testid="totp-secret">{enrolment.secret}</Secret>
      </p>
      <CodeForm
        submitLabel={TWO_FACTOR_MESSAGES.confirm}
        onCode={async (code) => {
          const { recoveryCodes } = await enable.trigger({ code });
          toast({ title: TWO_FACTOR_MESSAGES.statusOn, variant: 'success' });
          onEnabled(recoveryCodes);
        }}
      />
    </Stack>
  );
}

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack>
      <h2>{TWO_FACTOR_MESSAGES.recoveryTitle}</h2>
      <p>{TWO_FACTOR_MESSAGES.recoveryHint}</p>
      <Codes aria-label={TWO_FACTOR_MESSAGES.recoveryTitle}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Button onClick={onDone}>{TWO_FACTOR_MESSAGES.recoveryDone}</Button>
    </Stack>
  );
}

function Regenerate({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const renew = useRecoveryCodes();
  return (
    <Section>
      <h2>{TWO_FACTOR_MESSAGES.regenerate}</h2>
      <p>{TWO_FACTOR_MESSAGES.regenerateHint}</p>
      <CodeForm
        submitLabel={TWO_FACTOR_MESSAGES.regenerate}
        onCode={async (code) => onCodes((await renew.trigger({ code })).recoveryCodes)}
      />
    </Section>
  );
}

function Disable() {
  const disable = useTwoFactorDisable();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '' && password === '') {
      setError(TWO_FACTOR_MESSAGES.disableProof);
      return;
    }
    setError(null);
    try {
      await disable.trigger(code.trim() !== '' ? { code } : { password });
      toast({ title: TWO_FACTOR_MESSAGES.statusOff, variant: 'success' });
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <Section>
      <h2>{TWO_FACTOR_MESSAGES.disable}</h2>
      <p>{TWO_FACTOR_MESSAGES.disableHint}</p>
      <Stack as="form" onSubmit={submit} noValidate>
        <CodeField name="disable-code" value={code} onChange={setCode} />
        <PasswordField
          label={TWO_FACTOR_MESSAGES.passwordLabel}
          value={password}
          onChange={setPassword}
        />
        {error && <FormAlert role="alert">{error}</FormAlert>}
        <Button type="submit" $variant="secondary" disabled={disable.isMutating}>
          {TWO_FACTOR_MESSAGES.disable}
        </Button>
      </Stack>
    </Section>
  );
}

const Box = styled(Card)`
  max-width: 32rem;
  h1 {
    margin-top: 0;
  }
`;

const Section = styled.section`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.space.md};
`;

const Qr = styled.img`
  background: #fff;
`;

const Secret = styled.code`
  word-break: break-all;
`;

const Codes = styled.ul`
  font-family: monospace;
  columns: 2;
`;
