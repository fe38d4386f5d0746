import { APPLICATION_LABELS, RESUME_ACCEPT } from '@jobboard/contract/applications';
import { ErrorText, HintText, Input, Label } from '@jobboard/shared-ui';
import { fieldError } from '@jobboard/shared-ui/forms';
import { useId } from 'react';
import { Field } from 'react-final-form';
import styled from 'styled-components';

/**
 * The résumé, a file the form holds as it was chosen (the server tells its kind by its bytes).
 * A file input's value cannot be set, so the input is left to itself and only reports its file.
 */
export function ResumeField() {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Field<File | null> name="resume">
      {({ input, meta }) => {
        const error = fieldError(meta);
        return (
          <Wrapper>
            <Label htmlFor={id}>{APPLICATION_LABELS.resume}</Label>
            <HintText id={hintId}>{APPLICATION_LABELS.resumeHint}</HintText>
            <Input
              id={id}
              type="file"
              name={input.name}
              accept={RESUME_ACCEPT}
              required
              $invalid={!!error}
              aria-invalid={!!error || undefined}
              aria-describedby={error ? `${errorId} ${hintId}` : hintId}
              onChange={(event) => input.onChange(event.currentTarget.files?.[0] ?? null)}
              onFocus={input.onFocus}
              onBlur={input.onBlur}
            />
            {error && <ErrorText id={errorId}>{error}</ErrorText>}
          </Wrapper>
        );
      }}
    </Field>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;
