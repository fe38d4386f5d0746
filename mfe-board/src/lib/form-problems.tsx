import { Notice, type ApiError } from '@jobboard/shared-ui';
import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import styled from 'styled-components';

/**
 * A form's submit that puts the focus on the first problem: once the browser's check has drawn
 * its messages, and once more when the server has answered (the board's forms in dialogs: an
 * application, a report). `handleSubmit` is react-final-form's; a second press while sending
 * does nothing.
 */
export function useSubmitToProblems(formRef: RefObject<HTMLFormElement | null>) {
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (attempts > 0) focusFirstProblem(formRef.current);
  }, [attempts, formRef]);
  return (handleSubmit: (event: FormEvent<HTMLFormElement>) => unknown, submitting?: boolean) =>
    (event: FormEvent<HTMLFormElement>) => {
      if (submitting) {
        event.preventDefault();
        return;
      }
      const sending = handleSubmit(event);
      setAttempts((count) => count + 1);
      void Promise.resolve(sending).then(() => setAttempts((count) => count + 1));
    };
}

/** The first field with a message (a radio group's first radio), else the form's own message. */
function focusFirstProblem(form: HTMLFormElement | null) {
  if (!form) return;
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid?.matches('fieldset')
    ? invalid.querySelector<HTMLElement>('input')
    : (invalid ?? form.querySelector<HTMLElement>('[data-form-problem]'));
  target?.focus();
}

/**
 * The whole form's message, when it has one (a duplicate, a listing gone, too many, a failure):
 * bold, as the form's one word on what went wrong, and where the focus goes when no field has a
 * message.
 */
export function FormProblem({ problem }: { problem: unknown }) {
  if (!problem) return null;
  return (
    <Problem $tone="danger" role="alert" tabIndex={-1} data-form-problem="">
      {String(problem)}
    </Problem>
  );
}

const Problem = styled(Notice)`
  font-weight: 600;
`;

/** The per-field messages of a refusal: `errors` (the applications route) or `fields` (any 400). */
export function refusedFields(error: ApiError): Record<string, string> {
  try {
    const body = JSON.parse(error.body) as { errors?: unknown; fields?: unknown };
    const fields = body.errors ?? body.fields;
    if (!fields || typeof fields !== 'object') return {};
    return Object.fromEntries(
      Object.entries(fields).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}
