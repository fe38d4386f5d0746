import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';

/** Form controls with their label and error text wired up for assistive technology. */

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const Label = styled.label`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const HintText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const control = css<{ $invalid?: boolean }>`
  width: 100%;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.sm}`};
  border: 1px solid
    ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  ${control}
`;
export const TextAreaControl = styled.textarea<{ $invalid?: boolean }>`
  ${control}
  resize: vertical;
`;
export const SelectControl = styled.select<{ $invalid?: boolean }>`
  ${control}
`;

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

function useFieldIds(id?: string) {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, errorId: `${controlId}-error`, hintId: `${controlId}-hint` };
}

function describedBy(error: string | undefined, hint: ReactNode, errorId: string, hintId: string) {
  return [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
}

export const TextField = forwardRef<
  HTMLInputElement,
  FieldProps & InputHTMLAttributes<HTMLInputElement>
>(function TextField({ label, error, hint, id, ...input }, ref) {
  const { controlId, errorId, hintId } = useFieldIds(id);
  return (
    <Wrapper>
      <Label htmlFor={controlId}>{label}</Label>
      {hint && <HintText id={hintId}>{hint}</HintText>}
      <Input
        ref={ref}
        id={controlId}
        $invalid={!!error}
        aria-invalid={!!error || undefined}
        aria-describedby={describedBy(error, hint, errorId, hintId)}
        {...input}
      />
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Wrapper>
  );
});

export const TextArea = forwardRef<
  HTMLTextAreaElement,
  FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextArea({ label, error, hint, id, ...textarea }, ref) {
  const { controlId, errorId, hintId } = useFieldIds(id);
  return (
    <Wrapper>
      <Label htmlFor={controlId}>{label}</Label>
      {hint && <HintText id={hintId}>{hint}</HintText>}
      <TextAreaControl
        ref={ref}
        id={controlId}
        $invalid={!!error}
        aria-invalid={!!error || undefined}
        aria-describedby={describedBy(error, hint, errorId, hintId)}
        {...textarea}
      />
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Wrapper>
  );
});

export interface SelectOption {
  value: string;
  label: string;
}

export const Select = forwardRef<
  HTMLSelectElement,
  FieldProps &
    SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption[]; placeholder?: string }
>(function Select({ label, error, hint, id, options, placeholder, ...select }, ref) {
  const { controlId, errorId, hintId } = useFieldIds(id);
  return (
    <Wrapper>
      <Label htmlFor={controlId}>{label}</Label>
      {hint && <HintText id={hintId}>{hint}</HintText>}
      <SelectControl
        ref={ref}
        id={controlId}
        $invalid={!!error}
        aria-invalid={!!error || undefined}
        aria-describedby={describedBy(error, hint, errorId, hintId)}
        {...select}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectControl>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Wrapper>
  );
});

const CheckboxLabel = styled.label`
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

export const Checkbox = forwardRef<
  HTMLInputElement,
  { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>
>(function Checkbox({ label, ...input }, ref) {
  return (
    <CheckboxLabel>
      <input ref={ref} type="checkbox" {...input} />
      <span>{label}</span>
    </CheckboxLabel>
  );
});
