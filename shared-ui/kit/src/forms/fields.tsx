import { JOB_FORM_FIELDS } from '@jobboard/contract/jobs';
import {
  Checkbox,
  ErrorText,
  Select,
  TextArea,
  TextField,
  type SelectOption,
} from '@jobboard/shared-ui';
import type { ReactNode } from 'react';
import { Field, useField, type FieldMetaState } from 'react-final-form';
import styled from 'styled-components';

/**
 * Final-form fields on the shared primitives. A message shows next to its field once the field
 * has been visited or a submit was tried; a server message shows until the field is edited.
 */
export function fieldError(meta: FieldMetaState<unknown>): string | undefined {
  if (meta.submitError && !meta.dirtySinceLastSubmit) return meta.submitError as string;
  return (meta.touched || meta.submitFailed) && meta.error ? (meta.error as string) : undefined;
}

interface TextProps {
  name: string;
  label: ReactNode;
  type?: string;
  hint?: ReactNode;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'url' | 'text';
  placeholder?: string;
  min?: number;
}

export function TextInput({ name, label, type = 'text', ...rest }: TextProps) {
  return (
    <Field<string> name={name} type={type}>
      {({ input, meta }) => (
        <TextField label={label} {...input} {...rest} error={fieldError(meta)} />
      )}
    </Field>
  );
}

/**
 * A web address (a company's site, its logo, where to apply):
 * checked by the browser, prompted with https://.
 */
export function UrlInput(props: Omit<TextProps, 'type' | 'placeholder'>) {
  return <TextInput {...props} type="url" placeholder={JOB_FORM_FIELDS.urlPlaceholder} />;
}

export function TextAreaInput({ name, label, rows, hint }: TextProps & { rows: number }) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <TextArea label={label} rows={rows} hint={hint} {...input} error={fieldError(meta)} />
      )}
    </Field>
  );
}

export function SelectInput({
  name,
  label,
  options,
  placeholder,
}: TextProps & { options: SelectOption[] }) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <Select
          label={label}
          options={options}
          placeholder={placeholder}
          {...input}
          error={fieldError(meta)}
        />
      )}
    </Field>
  );
}

/** A group of checkboxes editing one list field. */
export function CheckboxGroup({
  name,
  legend,
  options,
}: {
  name: string;
  legend: string;
  options: readonly string[];
}) {
  return (
    <ChoiceGroup
      name={name}
      legend={legend}
      type="checkbox"
      options={options.map((option) => ({ value: option, label: option }))}
    />
  );
}

/** Radios editing one field: one of a few answers (a yes / no question). */
export function RadioGroup({
  name,
  legend,
  options,
}: {
  name: string;
  legend: string;
  options: readonly SelectOption[];
}) {
  return <ChoiceGroup name={name} legend={legend} type="radio" options={options} />;
}

/** A fieldset of choices named by its legend, its message tied to the group. */
function ChoiceGroup({
  name,
  legend,
  type,
  options,
}: {
  name: string;
  legend: string;
  type: 'checkbox' | 'radio';
  options: readonly SelectOption[];
}) {
  const { meta } = useField(name, {
    subscription: {
      error: true,
      touched: true,
      submitFailed: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const error = fieldError(meta);
  return (
    <Fieldset
      aria-describedby={error ? `${name}-error` : undefined}
      aria-invalid={!!error || undefined}
    >
      <legend>{legend}</legend>
      <Options>
        {options.map((option) => (
          <Field<string> key={option.value} name={name} type={type} value={option.value}>
            {/* The field gives its input its type: a checkbox, or a radio. */}
            {({ input }) => <Checkbox label={option.label} {...input} />}
          </Field>
        ))}
      </Options>
      {error && <ErrorText id={`${name}-error`}>{error}</ErrorText>}
    </Fieldset>
  );
}

export const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  legend {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    margin-bottom: ${({ theme }) => theme.space.xs};
    padding: 0;
  }
`;

const Options = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space.xs};
`;
