import { REPORT_REASONS, REPORT_TEXTS, type Job } from '@jobboard/contract/jobs';
import { Button, Cluster, Stack, toast } from '@jobboard/shared-ui';
import { RadioGroup, TextAreaInput, TextInput } from '@jobboard/shared-ui/forms';
import { useRef } from 'react';
import { FormProblem, useSubmitToProblems } from '../../../lib/form-problems';
import { Form } from 'react-final-form';
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
 * typed, with the server's message.
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

  const onSubmit = async (values: ReportValues) => {
    try {
      const { message } = await reportListing(job.id, reportBody(values));
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
            {/*
                Issue 45's spam check goes here: the proof-of-work challenge's widget (ALTCHA) and
                the honeypot field, both invisible to people; their values go into the body
                (lib/report-form.ts, reportBody) and the API verifies them before storing
                (reports/routes/api/jobs.ts).
              */}
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
