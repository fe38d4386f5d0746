import { Button, Cluster, TextField } from '@jobboard/shared-ui';
import { useId, useState, type FormEvent } from 'react';

/**
 * A number and a button (an organisation's or a company's), for the moves and merges: only a
 * whole number above 0 is sent; the API says what else is wrong with it.
 */
export function TargetForm({
  label,
  button,
  busy,
  onSubmit,
}: {
  label: string;
  button: string;
  busy: boolean;
  onSubmit(target: number): void;
}) {
  const [value, setValue] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = Number(value);
    if (!Number.isInteger(target) || target < 1) return;
    onSubmit(target);
  };
  return (
    <Cluster as="form" onSubmit={submit} aria-label={button}>
      <TextField
        id={id}
        label={label}
        inputMode="numeric"
        value={value}
        onChange={(event) => setValue(event.target.value.trim())}
      />
      <Button type="submit" $variant="secondary" disabled={busy || !/^[1-9]\d*$/.test(value)}>
        {button}
      </Button>
    </Cluster>
  );
}
