import { describe, expect, it } from 'vitest';
import {
  SUBMISSION_EXTRA_MESSAGES,
  SUBMISSION_LIMITS,
  SUBMISSION_MESSAGES,
  SubmissionForm,
  SubmissionPayload,
  defaultSubmissionValues,
} from '../submission';
import { JOB_LIMITS } from '../job-limits';
import { PAY_MESSAGES } from '../pay';
import { NOT_AN_OBJECT, check } from '../validate';
import {
  SUBMISSION_CASES,
  SUBMISSION_PAYLOAD_CASES,
  VALID_SUBMISSION,
} from '../testing/submission-cases';

describe('the submission form struct (docs/product.md#validation)', () => {
  it('accepts a complete submission and fills the defaults', () => {
    const result = check(SubmissionPayload, { ...VALID_SUBMISSION, listingType: undefined });
    expect(result.ok && result.value).toMatchObject({
      listingType: 'basic',
      experienceLevel: 'Not specified',
    });
  });

  it('accepts the optional fields left empty', () => {
    // Salary is no longer optional (issue 16: the form says only roles with a salary are
    // posted); one figure of the two may be left empty.
    const result = check(SubmissionForm, {
      ...VALID_SUBMISSION,
      salaryMax: '',
      deadline: '',
      promoCode: '',
      companyWebsite: '',
      logoUrl: '',
    });
    expect(result.ok).toBe(true);
  });

  it('requires a salary, as the form says: a minimum or a maximum (issue 16)', () => {
    for (const struct of [SubmissionForm, SubmissionPayload]) {
      const none = check(struct, { ...VALID_SUBMISSION, salaryMin: '', salaryMax: '' });
      expect(!none.ok && none.errors.salaryMin).toBe(PAY_MESSAGES.required);
      const absent = check(struct, {
        ...VALID_SUBMISSION,
        salaryMin: undefined,
        salaryMax: undefined,
      });
      expect(!absent.ok && absent.errors.salaryMin).toBe(PAY_MESSAGES.required);
      expect(check(struct, { ...VALID_SUBMISSION, salaryMin: '', salaryMax: '60000' }).ok).toBe(
        true,
      );
    }
  });

  it('takes the pay with its period, currency and benefits, and a form that sends no period a year', () => {
    const hourly = check(SubmissionPayload, {
      ...VALID_SUBMISSION,
      salaryMin: '25',
      salaryMax: '30.50',
      salaryPeriod: 'hour',
      salaryCurrency: 'CAD',
      benefitsSummary: 'Health, dental, 4% retirement match',
    });
    expect(hourly.ok && hourly.value).toMatchObject({
      salaryMin: '25',
      salaryMax: '30.50',
      salaryPeriod: 'hour',
      salaryCurrency: 'CAD',
      benefitsSummary: 'Health, dental, 4% retirement match',
    });
    const older = check(SubmissionPayload, VALID_SUBMISSION);
    expect(older.ok && older.value.salaryPeriod).toBe('year');
  });

  it('takes the experience level and the company links the board shows (issue 16)', () => {
    const result = check(SubmissionPayload, {
      ...VALID_SUBMISSION,
      experienceLevel: 'senior',
      companyWebsite: 'https://harbor.example.org',
      logoUrl: 'https://harbor.example.org/logo.png',
    });
    expect(result.ok && result.value).toMatchObject({
      experienceLevel: 'senior',
      companyWebsite: 'https://harbor.example.org',
      logoUrl: 'https://harbor.example.org/logo.png',
    });
    for (const [field, value, message] of [
      ['experienceLevel', 'guru', SUBMISSION_EXTRA_MESSAGES.experienceLevel],
      ['companyWebsite', 'harbor dot org', SUBMISSION_EXTRA_MESSAGES.url],
      ['logoUrl', 'javascript:alert(1)', SUBMISSION_EXTRA_MESSAGES.url],
      [
        'logoUrl',
        `https://x.example/${'a'.repeat(JOB_LIMITS.companyUrl)}`,
        SUBMISSION_EXTRA_MESSAGES.tooLong(JOB_LIMITS.companyUrl),
      ],
    ] as const) {
      const bad = check(SubmissionForm, { ...VALID_SUBMISSION, [field]: value });
      expect(!bad.ok && bad.errors[field], field).toBe(message);
    }
  });

  it.each(SUBMISSION_CASES)('$name: $field says "$message"', ({ change, field, message }) => {
    const form = check(SubmissionForm, { ...VALID_SUBMISSION, ...change });
    const payload = check(SubmissionPayload, { ...VALID_SUBMISSION, ...change });
    expect(!form.ok && form.errors[field]).toBe(message);
    expect(!payload.ok && payload.errors[field]).toBe(message);
  });

  it.each(SUBMISSION_PAYLOAD_CASES)(
    'request only, $name: $field says "$message"',
    ({ change, field, message }) => {
      const payload = check(SubmissionPayload, { ...VALID_SUBMISSION, ...change });
      expect(!payload.ok && payload.errors[field]).toBe(message);
    },
  );

  it('has a case for every message', () => {
    // Messages with a number in them are checked at the limit the struct uses.
    const atLimit: Record<string, string> = {
      tooLong: SUBMISSION_EXTRA_MESSAGES.tooLong(JOB_LIMITS.title),
      tooManyCategories: SUBMISSION_EXTRA_MESSAGES.tooManyCategories(SUBMISSION_LIMITS.categories),
    };
    const messages = [
      ...Object.values(SUBMISSION_MESSAGES),
      ...Object.entries(SUBMISSION_EXTRA_MESSAGES).map(([key, message]) =>
        typeof message === 'string' ? message : atLimit[key],
      ),
    ];
    const covered = new Set(
      [...SUBMISSION_CASES, ...SUBMISSION_PAYLOAD_CASES].map((c) => c.message),
    );
    expect(messages.filter((message) => !covered.has(message!))).toEqual([]);
  });

  it('accepts what a person may reasonably type', () => {
    for (const change of [
      { salaryMin: 85_000, salaryMax: '105,000' },
      { contactEmail: ' jordan.lee+jobs@mail.coastaljusticefund.org ' },
      { applicationUrl: 'http://coastaljusticefund.org/jobs?id=7#apply' },
      { deadline: '1/15/2027' },
      { category: ['communications', 'NEWS AND AUDIENCE'] },
      { promoCode: 'nonprofit-20' },
      { experienceLevel: 'senior', selectedTier: 'basic', website: '' },
    ]) {
      expect(check(SubmissionPayload, { ...VALID_SUBMISSION, ...change }).ok).toBe(true);
    }
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

  it('refuses a body that is not an object without echoing it back', () => {
    for (const body of ['x'.repeat(500), 42, null, undefined]) {
      const result = check(SubmissionPayload, body);
      expect(!result.ok && result.errors).toEqual({ body: NOT_AN_OBJECT });
    }
  });

  it('leaves the request-only fields out of the form', () => {
    const result = check(SubmissionForm, { ...VALID_SUBMISSION, selectedTier: 'basic' });
    expect(!result.ok && result.errors.selectedTier).toBe('Unknown field');
  });
});
