import { APPLICATION_LABELS, type ScreeningQuestion } from '@jobboard/contract/applications';
import { ErrorText } from '@jobboard/shared-ui';
import { Fieldset, SelectInput, TextInput, fieldError } from '@jobboard/shared-ui/forms';
import { useId } from 'react';
import { Field, useField } from 'react-final-form';
import styled from 'styled-components';

const labelOf = (question: ScreeningQuestion) =>
  question.required ? question.label : APPLICATION_LABELS.optionalQuestion(question.label);

/**
 * One of the employer's questions, under `answers.<id>`: a short text, Yes / No radios (`yes` /
 * `no`, the values the server takes) or one of a list.
 */
export function QuestionField({ question }: { question: ScreeningQuestion }) {
  const name = `answers.${question.id}`;
  const label = labelOf(question);
  if (question.kind === 'yesNo') {
    return (
      <RadioGroup
        name={name}
        legend={label}
        required={question.required}
        options={[
          { value: 'yes', label: APPLICATION_LABELS.yes },
          { value: 'no', label: APPLICATION_LABELS.no },
        ]}
      />
    );
  }
  if (question.kind === 'choice') {
    return (
      <SelectInput
        name={name}
        label={label}
        placeholder={APPLICATION_LABELS.chooseOne}
        options={question.choices.map((choice) => ({ value: choice, label: choice }))}
      />
    );
  }
  return <TextInput name={name} label={label} required={question.required} />;
}

/** Radios editing one field, in a fieldset named by its legend, its message tied to the group. */
function RadioGroup({
  name,
  legend,
  required,
  options,
}: {
  name: string;
  legend: string;
  required: boolean;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
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
      role="radiogroup"
      aria-labelledby={legendId}
      aria-required={required || undefined}
      aria-invalid={!!error || undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={legendId}>{legend}</legend>
      <Options>
        {options.map((option) => (
          <Field<string> key={option.value} name={name} type="radio" value={option.value}>
            {({ input }) => (
              <RadioLabel>
                <input {...input} />
                <span>{option.label}</span>
              </RadioLabel>
            )}
          </Field>
        ))}
      </Options>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Fieldset>
  );
}

const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

const RadioLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  cursor: pointer;
  input {
    width: 1.1rem;
    height: 1.1rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;
