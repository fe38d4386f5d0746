import { APPLICATION_LABELS, APPLICATION_MESSAGES } from '@jobboard/contract/applications';
import type { Job } from '@jobboard/contract/jobs';
import { Button, Cluster, Stack, toast, useMemberStore } from '@jobboard/shared-ui';
import {
  HumanProofFields,
  TextAreaInput,
  TextInput,
  useHumanProof,
} from '@jobboard/shared-ui/forms';
import { FORM_ERROR } from 'final-form';
import { useEffect, useRef, useState } from 'react';
import { FormProblem, useSubmitToProblems } from '../../../lib/form-problems';
import { Form, useForm } from 'react-final-form';
import { sendApplication } from '../api/send-application';
import {
  applicationFormData,
  initialValues,
  submissionErrors,
  validateApplication,
  type ApplicationValues,
} from '../lib/application-form';
import { clearDraft, loadDraft, saveDraft } from '../lib/draft';
import { QuestionField } from './QuestionField';
import { ResumeField } from './ResumeField';

/**
 * The application form of a job that takes applications on the board (docs/product.md#applying),
 * inside its dialog. Checked in the browser by the server's own rules (the contract's
 * applicationErrors and resumeError); what is typed is kept as a draft until the server has
 * stored the application, and only then does the board say it was sent. The spam check (issue 45)
 * is worked out while the dialog is open.
 */
export default function ApplicationForm({ job, onSent }: { job: Job; onSent(): void }) {
  const questions = job.apply?.questions ?? [];
  const member = useMemberStore((state) => state.member);
  // Read once as the form opens: a draft or a member arriving later never overwrites typing.
  const [initial] = useState(() => initialValues(loadDraft(job.id), member));
  const formRef = useRef<HTMLFormElement>(null);
  const submitToProblems = useSubmitToProblems(formRef);
  const sent = useRef(false);
  const proof = useHumanProof('shown');

  useFocusOnArrival(formRef);

  const onSubmit = async (values: ApplicationValues) => {
    let checked;
    try {
      checked = await proof.take();
    } catch (unsolved) {
      return { [FORM_ERROR]: (unsolved as Error).message };
    }
    try {
      const form = applicationFormData(values, questions, checked);
      const receipt = await sendApplication(job.id, form);
      sent.current = true;
      clearDraft(job.id);
      toast({
        title: APPLICATION_MESSAGES.sentTitle,
        description: receipt.message,
        variant: 'success',
      });
      onSent();
      return undefined;
    } catch (error) {
      return submissionErrors(error, questions);
    }
  };

  return (
    <Form<ApplicationValues>
      onSubmit={onSubmit}
      initialValues={initial}
      validate={(values) => validateApplication(values, questions)}
      subscription={{ submitting: true, submitError: true }}
    >
      {({ handleSubmit, submitting, submitError }) => {
        return (
          <form
            ref={formRef}
            noValidate
            aria-busy={submitting}
            onSubmit={submitToProblems(handleSubmit, submitting)}
          >
            <KeepDraft jobId={job.id} sent={sent} />
            <Stack>
              <TextInput name="name" label={APPLICATION_LABELS.name} autoComplete="name" required />
              <TextInput
                name="email"
                type="email"
                label={APPLICATION_LABELS.email}
                autoComplete="email"
                required
              />
              <TextInput
                name="phone"
                type="tel"
                label={APPLICATION_LABELS.phone}
                autoComplete="tel"
              />
              <TextAreaInput
                name="links"
                label={APPLICATION_LABELS.links}
                hint={APPLICATION_LABELS.linksHint}
                rows={3}
              />
              <TextAreaInput name="coverNote" label={APPLICATION_LABELS.coverNote} rows={8} />
              <ResumeField />
              {questions.map((question) => (
                <QuestionField key={question.id} question={question} />
              ))}
              <HumanProofFields proof={proof} />
              <FormProblem problem={submitError} />
              <Cluster>
                <Button type="submit" aria-disabled={submitting || undefined}>
                  {APPLICATION_LABELS.send}
                </Button>
                <span role="status">{submitting ? APPLICATION_LABELS.sending : ''}</span>
              </Cluster>
            </Stack>
          </form>
        );
      }}
    </Form>
  );
}

/** Saves each change of the typed text as the job's draft, until the application is sent. */
function KeepDraft({ jobId, sent }: { jobId: string; sent: { current: boolean } }) {
  const form = useForm<ApplicationValues>();
  useEffect(() => {
    let first = true;
    return form.subscribe(
      ({ values }) => {
        // The first call is the form as it opened: nothing typed yet, nothing to keep.
        if (first) first = false;
        else if (!sent.current) saveDraft(jobId, values);
      },
      { values: true },
    );
  }, [form, jobId, sent]);
  return null;
}

/**
 * The form's first field has the focus once it is there. The dialog moves the focus in as it
 * opens; when the form's code arrived after that, the focus is on the dialog's close button.
 * Checked a moment later, so a form drawn with the dialog leaves the dialog's own focus alone
 * (which it remembers, to give back to the Apply button on closing).
 */
function useFocusOnArrival(formRef: { current: HTMLFormElement | null }) {
  useEffect(() => {
    const timer = setTimeout(() => {
      const form = formRef.current;
      if (form && !form.contains(document.activeElement)) {
        form.querySelector<HTMLElement>('input, textarea, select')?.focus();
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [formRef]);
}
