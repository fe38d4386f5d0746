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
import { JOB_LISTS } from '@jobboard/contract/jobs';
import { Button, Card, Checkbox, Stack, toast } from '@jobboard/shared-ui';
import { CheckboxGroup, SelectInput, TextAreaInput, TextInput } from '@jobboard/shared-ui/forms';
import { Field, Form } from 'react-final-form';
import styled from 'styled-components';
import { useLookup } from '../api/lookups';
import { JOB_MESSAGES } from '../messages';
import { LocationsField } from './LocationsField';
import { SentencesField } from './SentencesField';

/** The form edits salaries as text (number inputs give strings); everything else as sent. */
export type JobFormValues = Omit<AdminJobFormValues, 'salaryMin' | 'salaryMax'> & {
  salaryMin: string;
  salaryMax: string;
};

export function toFormValues(job: AdminJobFormValues): JobFormValues {
  return {
    ...job,
    salaryMin: job.salaryMin == null ? '' : String(job.salaryMin),
    salaryMax: job.salaryMax == null ? '' : String(job.salaryMax),
  };
}

/**
 * The form's values as the API takes them. A level left unchosen (a job whose own level the menu
 * does not offer) is not sent, so the job keeps it.
 */
export function toPayload(values: JobFormValues): AdminJobFormValues {
  const salary = (text: string) => (text.trim() === '' ? null : Number(text));
  const { experienceLevel, ...rest } = values;
  return {
    ...rest,
    ...(experienceLevel ? { experienceLevel } : {}),
    salaryMin: salary(values.salaryMin),
    salaryMax: salary(values.salaryMax),
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

/**
 * New and edit job form (docs/product.md#entities and docs/product.md#validation): every field of a job an admin edits, its lists and
 * salary text too (issue 25); saving is the page's business. `storedExperience`: the job's own
 * level when the menu does not offer it (kept unless another is chosen).
 */
export function JobForm({
  initialValues,
  submitLabel,
  onSave,
  storedExperience,
}: {
  initialValues: JobFormValues;
  submitLabel: string;
  onSave(payload: AdminJobFormValues): Promise<Record<string, string> | undefined>;
  storedExperience?: string;
}) {
  const { data: existingLocations = [] } = useLookup('locations');
  const { data: usedCategories = [] } = useLookup('categories');
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
      {({ handleSubmit, submitting, errors, submitErrors }) => (
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
                <TextInput
                  name="companyWebsite"
                  label={FIELDS.companyWebsite}
                  type="url"
                  placeholder={FIELDS.urlPlaceholder}
                />
                <TextInput
                  name="logoUrl"
                  label={FIELDS.logoUrl}
                  type="url"
                  placeholder={FIELDS.urlPlaceholder}
                />
              </Pair>
              <TextInput
                name="applicationUrl"
                label={FIELDS.applicationUrl}
                type="url"
                placeholder={FIELDS.urlPlaceholder}
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
              <Pair>
                <TextInput name="salaryMin" label={FIELDS.salaryMin} type="number" min={0} />
                <TextInput name="salaryMax" label={FIELDS.salaryMax} type="number" min={0} />
              </Pair>
              <TextInput name="salaryText" label={FIELDS.salaryText} hint={FIELDS.salaryTextHint} />
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
