import { DESCRIPTION_MIN_LENGTH, check } from '@jobboard/contract/common';
import {
  JobProposalForm,
  PROPOSAL_MESSAGES,
  type ProposalSaved,
} from '@jobboard/contract/employer';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { JOB_FORM_FIELDS } from '@jobboard/contract/jobs';
import { Button, Card, Spinner, Stack, errorMessage, toast } from '@jobboard/shared-ui';
import { ApplyFields, TextAreaInput, TextInput, WorkplaceFields } from '@jobboard/shared-ui/forms';
import { Link, useNavigate } from '@jobboard/shared-ui/router';
import { useMemo } from 'react';
import { Form } from 'react-final-form';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import { CategoryField, JobPayFields, JobTypeFields, failedSend } from '../../../lib/job-fields';
import { proposeChanges, useProposalForm } from '../api/employer';
import { EMPLOYER_TEXT } from '../messages';

const LISTINGS_PATH = ENDPOINTS.employerListings.path;

const LISTS = ['responsibilities', 'requirements', 'benefits'] as const;
type ListName = (typeof LISTS)[number];

/** The form's values: the lists edited as text, one entry per line. */
export type ProposalValues = Omit<JobProposalForm, ListName> & Record<ListName, string>;

export const toValues = (form: JobProposalForm): ProposalValues => ({
  ...form,
  responsibilities: form.responsibilities.join('\n'),
  requirements: form.requirements.join('\n'),
  benefits: form.benefits.join('\n'),
});

const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const toForm = (values: ProposalValues): JobProposalForm => ({
  ...values,
  responsibilities: lines(values.responsibilities),
  requirements: lines(values.requirements),
  benefits: lines(values.benefits),
});

/** Client-side messages come from the same struct the API checks with. */
export function validateProposal(values: ProposalValues) {
  const result = check(JobProposalForm, toForm(values));
  return result.ok ? {} : result.errors;
}

const FIELDS = JOB_FORM_FIELDS;

/**
 * /employer/jobs/:id/propose: the live job's fields, prefilled from the job (or the proposal
 * waiting for review), checked by the submission's rules. Saved, the proposal waits for the
 * admin's review (a typo fix may go live at once when the board allows it).
 */
export function ProposeChanges({ jobId }: { jobId: string }) {
  const { data, error, isLoading } = useProposalForm(jobId);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const initialValues = useMemo(() => (data ? toValues(data) : undefined), [data]);
  if (isLoading) return <Spinner label={PROPOSAL_MESSAGES.propose} />;
  if (error || !initialValues) {
    return (
      <Card role="alert">
        <p>{errorMessage(error, EMPLOYER_TEXT.loadFailed)}</p>
        <Link to="/employer/listings">{EMPLOYER_TEXT.backToListings}</Link>
      </Card>
    );
  }

  const onSubmit = async (values: ProposalValues) => {
    let saved: ProposalSaved;
    try {
      saved = await proposeChanges(jobId, toForm(values));
    } catch (failure) {
      const message = errorMessage(failure, EMPLOYER_TEXT.loadFailed);
      toast({ title: message, variant: 'destructive' });
      return failedSend(failure, message);
    }
    toast({ title: saved.message, variant: 'success' });
    // The listings say the proposal waits (or the job changed): dropped, so they are read again
    // when shown (the board's SWR defaults do not revalidate cached data on mount).
    await mutate((key) => typeof key === 'string' && key.includes(LISTINGS_PATH), undefined, {
      revalidate: true,
    });
    navigate('/employer/listings');
    return undefined;
  };

  return (
    <Stack $gap="lg">
      <h1>{PROPOSAL_MESSAGES.propose}</h1>
      <p>{PROPOSAL_MESSAGES.intro}</p>
      <Link to="/employer/listings">{EMPLOYER_TEXT.backToListings}</Link>
      <Form<ProposalValues>
        onSubmit={onSubmit}
        validate={validateProposal}
        initialValues={initialValues}
      >
        {({ handleSubmit, submitting, submitError, values }) => (
          <Stack
            as="form"
            $gap="md"
            onSubmit={handleSubmit}
            noValidate
            aria-label={PROPOSAL_MESSAGES.propose}
          >
            <Card>
              <Fields>
                <TextInput name="title" label={EMPLOYER_TEXT.proposalFields.title} required />
                <TextInput name="organization" label={FIELDS.organization} required />
                <TextInput name="location" label={EMPLOYER_TEXT.proposalFields.location} required />
                <WorkplaceFields />
                <JobTypeFields />
                <CategoryField />
                <JobPayFields currency={values.salaryCurrency} />
                <TextAreaInput
                  name="description"
                  label={EMPLOYER_TEXT.proposalFields.description}
                  rows={8}
                  hint={EMPLOYER_TEXT.proposalFields.descriptionHint(DESCRIPTION_MIN_LENGTH)}
                />
                {LISTS.map((name) => (
                  <TextAreaInput
                    key={name}
                    name={name}
                    label={EMPLOYER_TEXT.proposalFields[name]}
                    rows={4}
                    hint={PROPOSAL_MESSAGES.listSeparator}
                  />
                ))}
                <ApplyFields urlLabel={FIELDS.applicationUrl} />
                <TextInput name="deadline" label={EMPLOYER_TEXT.proposalFields.deadline} />
              </Fields>
            </Card>
            {submitError && <p role="alert">{String(submitError)}</p>}
            <div>
              <Button type="submit" disabled={submitting}>
                {submitting ? EMPLOYER_TEXT.sending : PROPOSAL_MESSAGES.save}
              </Button>
            </div>
          </Stack>
        )}
      </Form>
    </Stack>
  );
}

const Fields = styled(Stack).attrs({ $gap: 'md' })``;
