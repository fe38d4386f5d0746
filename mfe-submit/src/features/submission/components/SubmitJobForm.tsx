import { DESCRIPTION_MIN_LENGTH, check } from '@jobboard/contract/common';
import { JOB_FORM_FIELDS, PAY_TRANSPARENCY_NOTE } from '@jobboard/contract/jobs';
import {
  SubmissionForm,
  defaultSubmissionValues,
  type SubmissionReceived,
} from '@jobboard/contract/submissions';
import {
  Button,
  Card,
  CardTitle,
  HintText,
  Stack,
  errorMessage,
  toast,
  useSite,
} from '@jobboard/shared-ui';
import { FORM_ERROR, type FormApi } from 'final-form';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { SubmissionAgreement } from '../../../lib/LegalLinks';
import styled from 'styled-components';
import { submitJob } from '../api/submit-job';
import { SUBMIT_TEXT } from '../messages';
import {
  ApplyFields,
  HumanProofFields,
  TextAreaInput,
  TextInput,
  UrlInput,
  WorkplaceFields,
  useHumanProof,
} from '@jobboard/shared-ui/forms';
import { CategoryField, JobPayFields, JobTypeFields, failedSend } from '../../../lib/job-fields';
import { ListingTypeField } from './ListingTypeField';
import { LogoUploadInFlight } from '../logo-upload-in-flight';
import { LogoField } from './LogoField';

type Values = SubmissionForm & { website?: string };

/**
 * Client-side messages come from the same struct the API checks with (the honeypot is the spam
 * check's, not the form's: HumanProofFields).
 */
export function validateSubmission(values: Values) {
  const { website: _honeypot, ...form } = values;
  const result = check(SubmissionForm, form);
  return result.ok ? {} : result.errors;
}

/** The labels the admin job form shares. */
const FIELDS = JOB_FORM_FIELDS;

/**
 * The submission form (docs/product.md#routes-and-screens and docs/product.md#validation). While sending, the button says 'Submitting...' and is
 * disabled; a failure keeps everything typed, shows a toast, and puts the server's per-field
 * messages next to their fields.
 */
export function SubmitJobForm({
  onSubmitted,
  initial,
  send,
  label = 'Submit a job',
}: {
  onSubmitted(result: SubmissionReceived, email: string): void;
  /**
   * An employer's edit (features/employer): the stored submission to start from, and how the
   * form is sent instead of a new submission. The same fields and checks either way.
   */
  initial?: SubmissionForm;
  send?(values: SubmissionForm): Promise<SubmissionReceived>;
  label?: string;
}) {
  const site = useSite();
  const initialValues = useMemo<Values>(
    () => ({ ...defaultSubmissionValues(), ...initial }),
    [initial],
  );

  const [logoUpload] = useState(() => new LogoUploadInFlight());
  // The spam check of a new submission (issue 45), worked out while the form is filled; an
  // employer's edit is sent from their session and takes none.
  const proof = useHumanProof(send ? 'off' : 'shown');

  const onSubmit = async (typed: Values, form: FormApi<Values>) => {
    // Pressed while the logo was still uploading: wait, and send the logo it stored.
    const logoProblem = await logoUpload.settled();
    if (logoProblem) {
      toast({
        title: SUBMIT_TEXT.failureToast.title,
        description: logoProblem,
        variant: 'destructive',
      });
      return { [FORM_ERROR]: logoProblem };
    }
    const values = { ...typed, logoUrl: form.getState().values.logoUrl };
    try {
      const result = send ? await send(values) : await submitJob(values, await proof.take());
      if (!send) toast({ ...SUBMIT_TEXT.successToast, variant: 'success' });
      onSubmitted(result, values.contactEmail.trim());
      return undefined;
    } catch (error) {
      toast({
        title: SUBMIT_TEXT.failureToast.title,
        description: errorMessage(error, SUBMIT_TEXT.failureToast.fallback),
        variant: 'destructive',
      });
      return failedSend(error, errorMessage(error, SUBMIT_TEXT.failureToast.fallback));
    }
  };

  return (
    <Form<Values> onSubmit={onSubmit} validate={validateSubmission} initialValues={initialValues}>
      {({ handleSubmit, submitting, values }) => (
        <Stack as="form" $gap="lg" onSubmit={handleSubmit} noValidate aria-label={label}>
          <Card>
            <CardTitle>Job Details</CardTitle>
            <HintText>
              {PAY_TRANSPARENCY_NOTE}
              {site && (
                <>
                  {' '}
                  Questions? Write to <a href={`mailto:${site.jobsEmail}`}>{site.jobsEmail}</a>.
                </>
              )}
            </HintText>
            <Fields>
              <TextInput name="title" label="Job Title" required />
              <TextInput
                name="organization"
                label={FIELDS.organization}
                required
                autoComplete="organization"
              />
              <UrlInput name="companyWebsite" label={FIELDS.companyWebsite} />
              <LogoField upload={logoUpload} />
              <TextAreaInput
                name="companyDescription"
                label={SUBMIT_TEXT.companyDescription}
                rows={3}
                hint={SUBMIT_TEXT.companyDescriptionHint}
              />
              <TextAreaInput
                name="description"
                label="Job Description"
                rows={6}
                hint={`At least ${DESCRIPTION_MIN_LENGTH} characters.`}
              />
              <TextInput
                name="location"
                label="Location"
                required
                placeholder="City, ST or Remote"
              />
              <WorkplaceFields />
              <CategoryField />
              <JobTypeFields jobTypePlaceholder={FIELDS.jobTypePlaceholder} />
              <JobPayFields currency={values.salaryCurrency} />
              <ApplyFields />
              <TextInput name="deadline" label="Application Deadline (optional)" type="date" />
            </Fields>
          </Card>

          <Card>
            <CardTitle>Contact Information</CardTitle>
            <Fields>
              <TextInput name="contactName" label="Contact Name" required autoComplete="name" />
              <TextInput
                name="contactEmail"
                label="Contact Email"
                type="email"
                required
                autoComplete="email"
              />
            </Fields>
          </Card>

          <Card>
            <CardTitle>Listing Type</CardTitle>
            <ListingTypeField />
          </Card>

          <Card>
            <CardTitle>Promo Code</CardTitle>
            <TextInput name="promoCode" label="Promo code (optional)" autoComplete="off" />
          </Card>

          {!send && <HumanProofFields proof={proof} />}

          <Submit type="submit" disabled={submitting}>
            {submitting ? SUBMIT_TEXT.submitting : send ? SUBMIT_TEXT.saveEdit : SUBMIT_TEXT.submit}
          </Submit>
          <SubmissionAgreement />
        </Stack>
      )}
    </Form>
  );
}

const Fields = styled(Stack)`
  margin-top: ${({ theme }) => theme.space.md};
`;

const Submit = styled(Button)`
  align-self: flex-start;
`;
