import { useEffect, useState, type FormEvent, type RefObject } from 'react';

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
