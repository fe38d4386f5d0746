import { ApiKeyInput, type ApiKeyScope, type CreatedApiKey } from '@jobboard/contract/admin';
import { check } from '@jobboard/contract/common';
import { ApiError, Button, Card, CardTitle } from '@jobboard/shared-ui';
import { CheckboxGroup, TextInput } from '@jobboard/shared-ui/forms';
import { Form } from 'react-final-form';
import { FormGrid } from '../../../lib/ui';
import { toastFailure } from '../../../lib/toast-failure';
import { useCreateApiKey } from '../api/api-keys';
import { API_KEYS_TEXT, SCOPE_CHOICES } from '../messages';

interface Values {
  name: string;
  /** The scopes' labels, as the checkboxes hold them. */
  scopes: string[];
}

const scopeOf = new Map(SCOPE_CHOICES.map(([scope, label]) => [label, scope]));

const toInput = (values: Values): ApiKeyInput => ({
  name: values.name ?? '',
  scopes: (values.scopes ?? []).map((label) => scopeOf.get(label)!) as ApiKeyScope[],
});

/** The contract's messages, before anything is sent. */
function validate(values: Values) {
  const result = check(ApiKeyInput, toInput(values));
  return result.ok ? {} : result.errors;
}

/** Make a key: its name and what it may do. The new key goes to `onCreated`, to be shown once. */
export function ApiKeyForm({ onCreated }: { onCreated(created: CreatedApiKey): void }) {
  const { trigger: create } = useCreateApiKey();
  return (
    <Form<Values>
      initialValues={{ name: '', scopes: [] }}
      validate={validate}
      onSubmit={async (values, form) => {
        try {
          onCreated(await create(toInput(values)));
          setTimeout(() => form.restart());
          return undefined;
        } catch (failure) {
          toastFailure(API_KEYS_TEXT.createFailed, failure, API_KEYS_TEXT.tryAgain);
          return failure instanceof ApiError ? failure.fieldErrors : undefined;
        }
      }}
    >
      {({ handleSubmit, submitting }) => (
        <Card as="form" onSubmit={handleSubmit} noValidate aria-label={API_KEYS_TEXT.formTitle}>
          <CardTitle>{API_KEYS_TEXT.formTitle}</CardTitle>
          <FormGrid $min="16rem">
            <TextInput
              name="name"
              label={API_KEYS_TEXT.name}
              placeholder={API_KEYS_TEXT.nameExample}
            />
            <CheckboxGroup
              name="scopes"
              legend={API_KEYS_TEXT.scopes}
              options={SCOPE_CHOICES.map(([, label]) => label)}
            />
          </FormGrid>
          <Button type="submit" disabled={submitting} style={{ marginTop: '1rem' }}>
            {submitting ? API_KEYS_TEXT.creating : API_KEYS_TEXT.create}
          </Button>
        </Card>
      )}
    </Form>
  );
}
