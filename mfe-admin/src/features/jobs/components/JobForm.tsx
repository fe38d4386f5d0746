import {
  ADMIN_JOB_TYPES,
  ADMIN_MESSAGES,
  AdminJobForm,
  CATEGORY_CHOICES,
  EXPERIENCE_CHOICES,
  ISO_DATE_PATTERN,
  check,
  type AdminJobForm as AdminJobFormValues,
} from '@jobboard/contract';
import { Button, Card, Checkbox, toast } from '@jobboard/shared-ui';
import { CheckboxGroup, SelectInput, TextAreaInput, TextInput } from '@jobboard/shared-ui/forms';
import { Field, Form } from 'react-final-form';
import styled from 'styled-components';
import { useLookup } from '../api/lookups';
import { LocationsField } from './LocationsField';

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

export function toPayload(values: JobFormValues): AdminJobFormValues {
  const salary = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    ...values,
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

/** New and edit job form (SPEC.md 3 and 5); saving is the page's business. */
export function JobForm({
  initialValues,
  submitLabel,
  onSave,
}: {
  initialValues: JobFormValues;
  submitLabel: string;
  onSave(payload: AdminJobFormValues): Promise<Record<string, string> | undefined>;
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
      {({ handleSubmit, submitting, errors }) => (
        <Stack
          as="form"
          noValidate
          aria-label="Job"
          onSubmit={(event) => {
            if (errors?.locations)
              toast({ title: ADMIN_MESSAGES.locationsToast, variant: 'destructive' });
            void handleSubmit(event);
          }}
        >
          <Card>
            <Fields>
              <TextInput name="title" label="Title" />
              <TextInput name="organization" label="Organization" />
              <Pair>
                <TextInput
                  name="companyWebsite"
                  label="Company Website (optional)"
                  type="url"
                  placeholder="https://"
                />
                <TextInput
                  name="logoUrl"
                  label="Logo URL (optional)"
                  type="url"
                  placeholder="https://"
                />
              </Pair>
              <TextInput
                name="applicationUrl"
                label="Application URL"
                type="url"
                placeholder="https://"
              />
              <TextAreaInput name="description" label="Description" rows={8} />
              <CheckboxGroup name="category" legend="Categories" options={categories} />
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
                label="Job Type"
                options={jobTypeOptions(initialValues.jobType)}
                placeholder="Select a job type"
              />
              <SelectInput
                name="experienceLevel"
                label="Experience Level"
                options={EXPERIENCE_CHOICES}
              />
              <TextInput name="via" label="Via (where the listing came from)" />
              <Pair>
                <TextInput name="postedDate" label="Posted Date" type="date" />
                {textDeadline ? (
                  <TextInput
                    name="deadline"
                    label="Deadline (optional)"
                    hint="Kept as written. Replace it with a date (YYYY-MM-DD) or clear it."
                  />
                ) : (
                  <TextInput name="deadline" label="Deadline (optional)" type="date" />
                )}
              </Pair>
              <Pair>
                <TextInput name="salaryMin" label="Minimum Salary (USD)" type="number" min={0} />
                <TextInput name="salaryMax" label="Maximum Salary (USD)" type="number" min={0} />
              </Pair>
              <Field<boolean> name="active" type="checkbox">
                {({ input: { value: _value, ...input } }) => (
                  <Checkbox label="Active (shown on the board)" {...input} />
                )}
              </Field>
              <Field<boolean> name="featured" type="checkbox">
                {({ input: { value: _value, ...input } }) => (
                  <Checkbox label="Featured" {...input} />
                )}
              </Field>
            </Fields>
          </Card>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Saving...' : submitLabel}
          </Button>
        </Stack>
      )}
    </Form>
  );
}

const Stack = styled.form`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.lg};
  > section {
    align-self: stretch;
  }
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Pair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
`;
