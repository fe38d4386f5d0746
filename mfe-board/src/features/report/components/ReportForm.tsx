import { REPORT_REASONS, REPORT_TEXTS, type Job } from '@jobboard/contract/jobs';
import { Button, Cluster, Stack, toast } from '@jobboard/shared-ui';
import {
  HumanProofFields,
  RadioGroup,
  TextAreaInput,
  TextInput,
  useHumanProof,
} from '@jobboard/shared-ui/forms';
import { FORM_ERROR } from 'final-form';
import { useRef } from 'react';
import { Form } from 'react-final-form';
import { FormProblem, useSubmitToProblems } from '../../../lib/form-problems';
import styled from 'styled-components';
import { reportListing } from '../api/report-listing';
import {
  INITIAL_VALUES,
  reportBody,
  reportErrors,
  validateReport,
  type ReportValues,
} from '../lib/report-form';

/**
 * The report form (docs/product.md#reports), inside its dialog: a reason (required), a note and an
 * address (both optional). Checked in the browser by the server's own struct; only once the
 * server has stored the report does the board thank the reporter, and a refusal keeps what was
 * typed, with the server's message. The spam check (issue 45) starts working as the dialog opens.
 */
export default function ReportForm({
  job,
  onSent,
  onCancel,
}: {
  job: Job;
  onSent(): void;
  onCancel(): void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const submitToProblems = useSubmitToProblems(formRef);
  const proof = useHumanProof('shown');

  const onSubmit = async (values: ReportValues) => {
    let checked;
    try {
      checked = await proof.take();
    } catch (unsolved) {
      return { [FORM_ERROR]: (unsolved as Error).message };
    }
    try {
      const { message } = await reportListing(job.id, reportBody(values), checked);
      toast({ title: REPORT_TEXTS.sentTitle, description: message, variant: 'success' });
      onSent();
      return undefined;
    } catch (error) {
      return reportErrors(error);
    }
  };

  return (
    <Form<ReportValues>
      onSubmit={onSubmit}
      initialValues={INITIAL_VALUES}
      validate={validateReport}
      subscription={{ submitting: true, submitError: true }}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <form
          ref={formRef}
          noValidate
          aria-busy={submitting}
          onSubmit={submitToProblems(handleSubmit, submitting)}
        >
          <Stack>
            <Intro>{REPORT_TEXTS.intro}</Intro>
            <RadioGroup name="reason" legend={REPORT_TEXTS.reasonLegend} options={REPORT_REASONS} />
            <TextAreaInput
              name="note"
              label={REPORT_TEXTS.note}
              hint={REPORT_TEXTS.noteHint}
              rows={4}
            />
            <TextInput
              name="email"
              type="email"
              label={REPORT_TEXTS.email}
              hint={REPORT_TEXTS.emailHint}
              autoComplete="email"
            />
            <HumanProofFields proof={proof} />
            <FormProblem problem={submitError} />
            <Cluster>
              <Button type="submit" aria-disabled={submitting || undefined}>
                {REPORT_TEXTS.send}
              </Button>
              <Button type="button" $variant="secondary" onClick={onCancel}>
                {REPORT_TEXTS.cancel}
              </Button>
              <span role="status">{submitting ? REPORT_TEXTS.sending : ''}</span>
            </Cluster>
          </Stack>
        </form>
      )}
    </Form>
  );
}

const Intro = styled.p`
  margin: 0;
`;
