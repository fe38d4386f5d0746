import {
  ADMIN_MESSAGES,
  AdminJobForm,
  type AdminJobForm as AdminJobFormValues,
} from '@jobboard/contract/admin';
import {
  ADMIN_JOB_TYPES,
  CATEGORY_CHOICES,
  EXPERIENCE_CHOICES,
  ISO_DATE_PATTERN,
  check,
} from '@jobboard/contract/common';
import {
  DEFAULT_CURRENCY,
  DEFAULT_PAY_PERIOD,
  JOB_LISTS,
  amountText,
  type PayPeriod,
} from '@jobboard/contract/jobs';
import { Button, Card, Checkbox, Stack, toast, useSite } from '@jobboard/shared-ui';
import {
  ApplyFields,
  CheckboxGroup,
  PayFields,
  SelectInput,
  TextAreaInput,
  TextInput,
  UrlInput,
  WorkplaceFields,
} from '@jobboard/shared-ui/forms';
import { APPLY_METHODS } from '@jobboard/contract/applications';
import { Field, Form } from 'react-final-form';
import styled from 'styled-components';
import { useLookup } from '../api/lookups';
import { JOB_MESSAGES } from '../messages';
import { LocationsField } from './LocationsField';
import { SentencesField } from './SentencesField';

/**
 * The form's values: the contract's form, its pay as the fields hold it (docs/product.md#pay):
 * the figures as typed ('65000', '27.50'; '' for none), what they are per, the currency ('' for
 * the board's), the benefits line and the pay in words.
 */
export type JobFormValues = Omit<
  AdminJobFormValues,
  'salaryMin' | 'salaryMax' | 'salaryPeriod' | 'salaryCurrency' | 'benefitsSummary' | 'salaryText'
> & {
  salaryMin: string;
  salaryMax: string;
  salaryPeriod: PayPeriod;
  salaryCurrency: string;
  benefitsSummary: string;
  salaryText: string;
};

/** A figure as its field shows it (the contract's own text of an amount). */
const figure = (amount: string | number | null | undefined) =>
  typeof amount === 'number' ? amountText(amount) : (amount ?? '');

export function toFormValues(job: AdminJobFormValues): JobFormValues {
  return {
    ...job,
    salaryMin: figure(job.salaryMin),
    salaryMax: figure(job.salaryMax),
    salaryPeriod: job.salaryPeriod ?? DEFAULT_PAY_PERIOD,
    salaryCurrency: job.salaryCurrency ?? '',
    benefitsSummary: job.benefitsSummary ?? '',
    salaryText: job.salaryText ?? '',
  };
}

/** A text field the admin emptied (final-form holds it as undefined): '' to the API, none. */
const typed = (text: string | undefined) => text ?? '';

/**
 * The form's values as the API takes them: the pay fields as typed (the contract reads them), an
 * emptied one as '' so an edit clears it. A level left unchosen (a job whose own level the menu
 * does not offer) is not sent, so the job keeps it.
 */
export function toPayload(values: JobFormValues): AdminJobFormValues {
  const { experienceLevel, ...rest } = values;
  return {
    ...rest,
    ...(experienceLevel ? { experienceLevel } : {}),
    salaryMin: typed(values.salaryMin),
    salaryMax: typed(values.salaryMax),
    salaryCurrency: typed(values.salaryCurrency),
    benefitsSummary: typed(values.benefitsSummary),
    salaryText: typed(values.salaryText),
    applicationEmail: typed(values.applicationEmail ?? undefined),
    howToApply: typed(values.howToApply ?? undefined),
    deadline: values.deadline || null,
  };
}

/** The API's own struct, so the form and the server agree on every message. */
export function validateJob(values: JobFormValues) {
  const result = check(AdminJobForm, toPayload(values));
  return result.ok ? {} : result.errors;
}

/** The admin job types, plus a stored job's own type when it is another (e.g. 'Remote'). */
const jobTypeOptions = (current: string) =>
  [...new Set([...ADMIN_JOB_TYPES, ...(current ? [current] : [])])].map((type) => ({
    value: type,
    label: type,
  }));

const FIELDS = JOB_MESSAGES.fields;

/** The ways to apply of a job no employer submitted (APPLY_FIELD_MESSAGES.formNeedsEmployer). */
const ADMIN_ONLY_METHODS = APPLY_METHODS.filter((method) => method !== 'form');

/**
 * New and edit job form (docs/product.md#entities and docs/product.md#validation): every field of a job an admin edits, its lists
 * (issue 25) and its pay (docs/product.md#pay: the shared pay fields, with the pay in words, the
 * board's currency offered first); saving is the page's business. `storedExperience`: the job's
 * own level when the menu does not offer it (kept unless another is chosen).
 */
export function JobForm({
  initialValues,
  submitLabel,
  onSave,
  storedExperience,
  employerListing = false,
}: {
  initialValues: JobFormValues;
  /**
   * The job was published from an employer's submission: it may take applications on the
   * board's form (its employer reads the inbox); another job has nobody to read it.
   */
  employerListing?: boolean;
  submitLabel: string;
  onSave(payload: AdminJobFormValues): Promise<Record<string, string> | undefined>;
  storedExperience?: string;
}) {
  const { data: existingLocations = [] } = useLookup('locations');
  const { data: usedCategories = [] } = useLookup('categories');
  const boardCurrency = useSite()?.currency ?? DEFAULT_CURRENCY;
  const categories = [
    ...new Set([...CATEGORY_CHOICES, ...usedCategories, ...initialValues.category]),
  ];
  // A deadline stored as text ('Rolling') cannot sit in a date input: it gets a text field.
  const textDeadline =
    Boolean(initialValues.deadline) && !ISO_DATE_PATTERN.test(initialValues.deadline ?? '');

  return (
    <Form<JobFormValues>
      onSubmit={(values) => onSave(toPayload(values))}
      validate={validateJob}
      initialValues={initialValues}
    >
      {({ handleSubmit, submitting, errors, submitErrors, values }) => (
        <FormStack
          as="form"
          $gap="lg"
          noValidate
          aria-label={JOB_MESSAGES.formLabel}
          onSubmit={(event) => {
            if (errors?.locations)
              toast({ title: ADMIN_MESSAGES.locationsToast, variant: 'destructive' });
            void handleSubmit(event);
          }}
        >
          <Card>
            <Stack>
              <TextInput name="title" label={FIELDS.title} />
              <TextInput name="organization" label={FIELDS.organization} />
              <Pair>
                <UrlInput name="companyWebsite" label={FIELDS.companyWebsite} />
                <UrlInput name="logoUrl" label={FIELDS.logoUrl} />
              </Pair>
              <ApplyFields
                methods={employerListing ? APPLY_METHODS : ADMIN_ONLY_METHODS}
                urlLabel={FIELDS.applicationUrl}
              />
              <TextAreaInput name="description" label={FIELDS.description} rows={8} />
              <CheckboxGroup name="category" legend={FIELDS.categories} options={categories} />
              <Field<string[]> name="locations">
                {({ input, meta }) => (
                  <LocationsField
                    value={input.value || []}
                    onChange={input.onChange}
                    existing={existingLocations}
                    error={
                      meta.touched || meta.submitFailed
                        ? (meta.error ?? meta.submitError)
                        : undefined
                    }
                  />
                )}
              </Field>
              <WorkplaceFields />
              <SelectInput
                name="jobType"
                label={FIELDS.jobType}
                options={jobTypeOptions(initialValues.jobType)}
                placeholder={FIELDS.jobTypePlaceholder}
              />
              <SelectInput
                name="experienceLevel"
                label={FIELDS.experienceLevel}
                options={EXPERIENCE_CHOICES}
                placeholder={
                  storedExperience && !initialValues.experienceLevel
                    ? FIELDS.experienceKept(storedExperience)
                    : undefined
                }
              />
              <TextInput name="via" label={FIELDS.via} />
              <Pair>
                <TextInput name="postedDate" label={FIELDS.postedDate} type="date" />
                {textDeadline ? (
                  <TextInput
                    name="deadline"
                    label={FIELDS.deadline}
                    hint={FIELDS.textDeadlineHint}
                  />
                ) : (
                  <TextInput name="deadline" label={FIELDS.deadline} type="date" />
                )}
              </Pair>
              <PayFields boardCurrency={boardCurrency} currency={values.salaryCurrency} words />
              {JOB_LISTS.map((list) => (
                <Field<string[]> key={list} name={list}>
                  {({ input, meta }) => (
                    <SentencesField
                      name={list}
                      value={input.value || []}
                      onChange={input.onChange}
                      errors={
                        meta.dirty || meta.submitFailed
                          ? { ...(errors as Record<string, string>), ...submitErrors }
                          : {}
                      }
                    />
                  )}
                </Field>
              ))}
              <Field<boolean> name="active" type="checkbox">
                {({ input: { value: _value, ...input } }) => (
                  <Checkbox label={FIELDS.active} {...input} />
                )}
              </Field>
              <Field<boolean> name="featured" type="checkbox">
                {({ input: { value: _value, ...input } }) => (
                  <Checkbox label={FIELDS.featured} {...input} />
                )}
              </Field>
            </Stack>
          </Card>
          <Button type="submit" disabled={submitting}>
            {submitting ? JOB_MESSAGES.saving : submitLabel}
          </Button>
        </FormStack>
      )}
    </Form>
  );
}

/** The form: the fields' card across, the submit button at its own width. */
const FormStack = styled(Stack)`
  align-items: flex-start;
  > section {
    align-self: stretch;
  }
`;

const Pair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
`;
