import {
  APPLY_FIELD_LABELS as LABELS,
  APPLY_LIMITS,
  APPLY_METHOD_LABELS,
  APPLY_METHODS,
  SCREENING_KINDS,
  SCREENING_KIND_LABELS,
  formApplyMethod,
  type ApplyMethod,
  type ScreeningQuestion,
} from '@jobboard/contract/applications';
import { JOB_FORM_FIELDS } from '@jobboard/contract/jobs';
import {
  Button,
  Checkbox,
  ErrorText,
  HintText,
  Select,
  TextArea,
  TextField,
} from '@jobboard/shared-ui';
import type { ReactNode } from 'react';
import { Field, useField } from 'react-final-form';
import styled from 'styled-components';
import { Fieldset, TextAreaInput, TextInput, UrlInput, fieldError } from './fields';

const kindOptions = SCREENING_KINDS.map((kind) => ({
  value: kind,
  label: SCREENING_KIND_LABELS[kind],
}));

const newQuestion = (): ScreeningQuestion => ({
  id: '',
  kind: 'text',
  label: '',
  required: false,
  choices: [],
});

/**
 * How candidates apply (docs/product.md#applying), as every form edits it: the submission's, the
 * employer's proposed changes, the admin's. Final-form fields named as the contract's forms name
 * them (applyMethod, applicationUrl, applicationEmail, howToApply, screeningQuestions); the form's
 * struct checks them, each beside the method chosen. `methods`: the ways this form offers (the
 * admin's form leaves out the board's form for a job no employer submitted).
 */
export function ApplyFields({
  methods = APPLY_METHODS,
  urlLabel = JOB_FORM_FIELDS.applicationUrl,
}: {
  methods?: readonly ApplyMethod[];
  urlLabel?: ReactNode;
}) {
  const { input: method } = useField<ApplyMethod | undefined>('applyMethod', {
    subscription: { value: true },
  });
  const chosen = formApplyMethod(method.value);
  return (
    <Fieldset>
      <legend>{LABELS.method}</legend>
      <Ways role="radiogroup" aria-label={LABELS.method}>
        {methods.map((way) => (
          <label key={way}>
            <input
              type="radio"
              name="applyMethod"
              value={way}
              checked={chosen === way}
              onChange={() => method.onChange(way)}
            />{' '}
            {APPLY_METHOD_LABELS[way]}
          </label>
        ))}
      </Ways>
      {chosen === 'link' && <UrlInput name="applicationUrl" label={urlLabel} required />}
      {chosen === 'email' && (
        <TextInput
          name="applicationEmail"
          type="email"
          label={LABELS.applicationEmail}
          hint={LABELS.applicationEmailHint}
          required
          autoComplete="email"
        />
      )}
      <TextAreaInput
        name="howToApply"
        label={LABELS.howToApply}
        hint={LABELS.howToApplyHint}
        rows={3}
      />
      {chosen !== 'link' && <Questions />}
    </Fieldset>
  );
}

/** The screening questions: up to APPLY_LIMITS.questions, each added and removed in place. */
function Questions() {
  const { input, meta } = useField<ScreeningQuestion[] | undefined>('screeningQuestions', {
    subscription: {
      value: true,
      error: true,
      touched: true,
      submitFailed: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const questions = input.value || [];
  const error = fieldError(meta);
  const change = (index: number, patch: Partial<ScreeningQuestion>) =>
    input.onChange(questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  return (
    <Fieldset aria-describedby={error ? 'screeningQuestions-error' : undefined}>
      <legend>{LABELS.questions}</legend>
      <HintText>{LABELS.questionsHint}</HintText>
      {questions.map((question, index) => (
        <Question key={index} aria-label={LABELS.question(index + 1)}>
          <Select
            label={LABELS.questionKind}
            options={kindOptions}
            value={question.kind}
            onChange={(event) =>
              change(index, { kind: event.target.value as ScreeningQuestion['kind'] })
            }
          />
          <TextField
            label={`${LABELS.question(index + 1)}: ${LABELS.questionLabel}`}
            value={question.label}
            maxLength={APPLY_LIMITS.questionLabel}
            onChange={(event) => change(index, { label: event.target.value })}
          />
          {question.kind === 'choice' && (
            <TextArea
              label={LABELS.questionChoices}
              rows={3}
              value={question.choices.join('\n')}
              onChange={(event) => change(index, { choices: event.target.value.split('\n') })}
            />
          )}
          <Checkbox
            label={LABELS.questionRequired}
            checked={question.required}
            onChange={(event) => change(index, { required: event.target.checked })}
          />
          <Button
            type="button"
            $variant="secondary"
            aria-label={`${LABELS.removeQuestion} ${LABELS.question(index + 1).toLowerCase()}`}
            onClick={() => input.onChange(questions.filter((_, i) => i !== index))}
          >
            {LABELS.removeQuestion}
          </Button>
        </Question>
      ))}
      {questions.length < APPLY_LIMITS.questions && (
        <Button
          type="button"
          $variant="secondary"
          onClick={() => input.onChange([...questions, newQuestion()])}
        >
          {LABELS.addQuestion}
        </Button>
      )}
      {error && <ErrorText id="screeningQuestions-error">{error}</ErrorText>}
      {/* Registered so the form sends the list (and validates it) even before it is edited. */}
      <Field name="screeningQuestions" subscription={{}} render={() => null} />
    </Fieldset>
  );
}

const Ways = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const Question = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;
