import { Button, Cluster, Input, Label, toast } from '@jobboard/shared-ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { SUBMISSION_TEXT } from '../messages';

/**
 * The amount in dollars (step 0.01, min 1), sent as cents, rounded (docs/product.md#validation). Anything that does
 * not read as a number above 0 is refused with 'Invalid Amount'. Disabled once paid.
 */
export function AmountEditor({
  cents,
  disabled,
  onSave,
}: {
  cents: number;
  disabled: boolean;
  onSave(cents: number): Promise<void>;
}) {
  const [text, setText] = useState((cents / 100).toFixed(2));
  const [saving, setSaving] = useState(false);
  const id = useId();
  const save = async () => {
    const dollars = Number(text);
    if (text.trim() === '' || !Number.isFinite(dollars) || dollars <= 0) {
      toast({ ...SUBMISSION_TEXT.invalidAmount, variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      await onSave(Math.round(dollars * 100));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Row>
      <Label htmlFor={id}>{SUBMISSION_TEXT.amountLabel}</Label>
      <Input
        id={id}
        type="number"
        step={0.01}
        min={1}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
      />
      <Button
        type="button"
        $variant="secondary"
        $size="sm"
        disabled={disabled || saving}
        onClick={save}
      >
        {saving ? SUBMISSION_TEXT.saving : SUBMISSION_TEXT.updateAmount}
      </Button>
    </Row>
  );
}

const Row = styled(Cluster)`
  input {
    width: 8rem;
  }
`;
