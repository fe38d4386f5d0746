import { CATEGORY_CHOICES, EXPERIENCE_CHOICES, PUBLIC_JOB_TYPES } from '@jobboard/contract/common';
import { DEFAULT_CURRENCY, JOB_FORM_FIELDS } from '@jobboard/contract/jobs';
import { ApiError, useSite } from '@jobboard/shared-ui';
import { CheckboxGroup, PayFields, SelectInput } from '@jobboard/shared-ui/forms';
import { FORM_ERROR } from 'final-form';

/**
 * The job's fields that the submission and the employer's proposed changes both ask for, with
 * the same choices (the contract's, which the API checks both against): the job types a board
 * shows, the experience levels, the categories, and the pay in the board's currency.
 */

const jobTypeOptions = PUBLIC_JOB_TYPES.map((type) => ({ value: type, label: type }));

/** The job's type and the experience it asks for. */
export function JobTypeFields({ jobTypePlaceholder }: { jobTypePlaceholder?: string }) {
  return (
    <>
      <SelectInput
        name="jobType"
        label={JOB_FORM_FIELDS.jobType}
        options={jobTypeOptions}
        placeholder={jobTypePlaceholder}
      />
      <SelectInput
        name="experienceLevel"
        label={JOB_FORM_FIELDS.experienceLevel}
        options={EXPERIENCE_CHOICES}
      />
    </>
  );
}

export function CategoryField() {
  return (
    <CheckboxGroup name="category" legend={JOB_FORM_FIELDS.categories} options={CATEGORY_CHOICES} />
  );
}

/** The pay, offered in the board's currency first; `currency` is the one the form holds now. */
export function JobPayFields({ currency }: { currency: string | undefined }) {
  const boardCurrency = useSite()?.currency ?? DEFAULT_CURRENCY;
  return <PayFields boardCurrency={boardCurrency} currency={currency} />;
}

/**
 * What a send that failed puts on the form (react-final-form's submit errors): the API's
 * messages next to their fields, or else `message` for the form as a whole.
 */
export function failedSend(failure: unknown, message: string) {
  const fields = failure instanceof ApiError ? failure.fieldErrors : undefined;
  return fields ?? { [FORM_ERROR]: message };
}
