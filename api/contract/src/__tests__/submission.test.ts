import { describe, expect, it } from 'vitest';
import { SubmissionForm, SubmissionPayload, defaultSubmissionValues } from '../submission';
import { check } from '../validate';
import { SUBMISSION_CASES, VALID_SUBMISSION } from './submission-cases';

describe('the submission form struct (SPEC.md 5)', () => {
  it('accepts a complete submission and fills the defaults', () => {
    const result = check(SubmissionPayload, { ...VALID_SUBMISSION, listingType: undefined });
    expect(result.ok && result.value).toMatchObject({
      listingType: 'basic',
      experienceLevel: 'Not specified',
    });
  });

  it('accepts the optional fields left empty', () => {
    const result = check(SubmissionForm, {
      ...VALID_SUBMISSION,
      salaryMin: '',
      salaryMax: '',
      deadline: '',
      promoCode: '',
    });
    expect(result.ok).toBe(true);
  });

  it.each(SUBMISSION_CASES)('$name: $field says "$message"', ({ change, field, message }) => {
    const form = check(SubmissionForm, { ...VALID_SUBMISSION, ...change });
    const payload = check(SubmissionPayload, { ...VALID_SUBMISSION, ...change });
    expect(!form.ok && form.errors[field]).toBe(message);
    expect(!payload.ok && payload.errors[field]).toBe(message);
  });

  it('reports every required field of an empty form at once', () => {
    const result = check(SubmissionForm, defaultSubmissionValues());
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual(
      [
        'applicationUrl',
        'category',
        'contactEmail',
        'contactName',
        'description',
        'jobType',
        'location',
        'organization',
        'title',
      ].sort(),
    );
  });

  it('checks what the form adds on send', () => {
    const mismatch = check(SubmissionPayload, {
      ...VALID_SUBMISSION,
      listingType: 'featured',
      selectedTier: 'basic',
    });
    expect(!mismatch.ok && mismatch.errors.selectedTier).toBe(
      'The selected tier must match the listing type',
    );
    const unknown = check(SubmissionPayload, { ...VALID_SUBMISSION, experienceLevel: 'guru' });
    expect(!unknown.ok && unknown.errors.experienceLevel).toBe('Please choose an experience level');
    const extra = check(SubmissionPayload, { ...VALID_SUBMISSION, admin: true });
    expect(!extra.ok && extra.errors.admin).toBe('Unknown field');
  });
});
