import { PromoCodeInput, type PromoCodeInput as PromoCodeValues } from '@jobboard/contract/admin';
import { check } from '@jobboard/contract/common';
import { ApiError, Button, Card, CardTitle, errorMessage, toast } from '@jobboard/shared-ui';
import { SelectInput, TextInput } from '@jobboard/shared-ui/forms';
import { Form } from 'react-final-form';
import { FormGrid } from '../../../lib/ui';
import { useCreatePromoCode } from '../api/create-promo-code';
import { PROMO_TEXT } from '../messages';

const FIELDS = PROMO_TEXT.fields;

interface Values {
  code: string;
  description: string;
  kind: 'percent' | 'amount';
  value: string;
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
}

function toInput(values: Values): PromoCodeValues {
  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  const value = number(values.value);
  return {
    code: values.code,
    description: values.description ?? '',
    percentOff: values.kind === 'percent' ? value : null,
    amountOffCents: values.kind === 'amount' && value !== null ? Math.round(value * 100) : null,
    startsAt: values.startsAt || null,
    endsAt: values.endsAt || null,
    maxRedemptions: number(values.maxRedemptions),
    active: true,
  };
}

function validate(values: Values) {
  const result = check(PromoCodeInput, toInput(values));
  if (result.ok) return {};
  const { percentOff, amountOffCents, ...rest } = result.errors;
  return {
    ...rest,
    ...(percentOff || amountOffCents ? { value: percentOff ?? amountOffCents } : {}),
  };
}

/** Add a promo code: a percentage or an amount off, an optional window and redemption limit. */
export function PromoCodeForm() {
  const { trigger: createPromoCode } = useCreatePromoCode();
  return (
    <Form<Values>
      initialValues={{
        kind: 'percent',
        code: '',
        description: '',
        value: '',
        startsAt: '',
        endsAt: '',
        maxRedemptions: '',
      }}
      validate={validate}
      onSubmit={async (values, form) => {
        try {
          const created = await createPromoCode(toInput(values));
          toast({ title: PROMO_TEXT.created, description: created.code, variant: 'success' });
          setTimeout(() => form.restart());
          return undefined;
        } catch (failure) {
          toast({
            title: PROMO_TEXT.createFailed,
            description: errorMessage(failure, PROMO_TEXT.tryAgain),
            variant: 'destructive',
          });
          return failure instanceof ApiError ? failure.fieldErrors : undefined;
        }
      }}
    >
      {({ handleSubmit, submitting }) => (
        <Card as="form" onSubmit={handleSubmit} noValidate aria-label={PROMO_TEXT.formTitle}>
          <CardTitle>{PROMO_TEXT.formTitle}</CardTitle>
          <FormGrid $min="12rem">
            <TextInput name="code" label={FIELDS.code} placeholder={FIELDS.codeExample} />
            <TextInput name="description" label={FIELDS.description} />
            <SelectInput
              name="kind"
              label={FIELDS.kind}
              options={[
                { value: 'percent', label: FIELDS.kinds.percent },
                { value: 'amount', label: FIELDS.kinds.amount },
              ]}
            />
            <TextInput name="value" label={FIELDS.value} type="number" min={0} />
            <TextInput name="startsAt" label={FIELDS.startsAt} type="date" />
            <TextInput name="endsAt" label={FIELDS.endsAt} type="date" />
            <TextInput name="maxRedemptions" label={FIELDS.maxRedemptions} type="number" min={1} />
          </FormGrid>
          <Button type="submit" disabled={submitting} style={{ marginTop: '1rem' }}>
            {submitting ? PROMO_TEXT.saving : PROMO_TEXT.save}
          </Button>
        </Card>
      )}
    </Form>
  );
}
