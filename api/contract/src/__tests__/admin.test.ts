import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  AdminJobForm,
  AdminJobUpdate,
  AdminLogin,
  AmountUpdate,
  RejectSubmission,
  jobToAdminForm,
} from '../admin';
import { ADMIN_JOB_TYPES } from '../choices';
import { JOB_FIELDS, changeSummary, jobFieldLabel } from '../job-changes';
import { JOB_LIMITS } from '../job-limits';
import { distinctLabels } from '../labels';
import { PAY_MESSAGES } from '../pay';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../csrf';
import { SUBMISSION_STATUS_LABELS } from '../submission';
import { check } from '../validate';

const FORM = {
  title: 'Senior Grants Writer',
  organization: 'Harbor Health Alliance',
  applicationUrl: 'https://harborhealth.example/jobs/grants',
  description: 'Write and manage grant proposals.',
  category: ['Fundraising'],
  locations: ['Portland, ME'],
  jobType: 'Full-time',
  via: 'Organization website',
  postedDate: '2026-11-20',
  deadline: '2027-01-10',
  salaryMin: 70_000,
  salaryMax: 85_000,
  experienceLevel: 'senior',
  active: true,
  featured: false,
};

describe('the admin login struct (docs/product.md#validation)', () => {
  it('accepts both fields', () => {
    expect(check(AdminLogin, { username: 'alice', password: 'secret' })).toEqual({
      ok: true,
      value: { username: 'alice', password: 'secret' },
    });
  });

  it.each([
    {},
    { username: 'alice' },
    { password: 'secret' },
    { username: '', password: 'secret' },
    { username: 'alice', password: '   ' },
    { username: 42, password: 'secret' },
  ])('asks for both username and password (%j)', (body) => {
    const result = check(AdminLogin, body);
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.values(result.errors)).toContain(
      'Please enter both username and password',
    );
  });
});

describe('the admin job form struct (docs/product.md#entities and docs/product.md#validation)', () => {
  it('accepts a complete form', () => {
    expect(check(AdminJobForm, FORM)).toEqual({ ok: true, value: FORM });
  });

  it('defaults active to true and featured to false, and leaves the optional fields optional', () => {
    const { active, featured, deadline, salaryMin, salaryMax, ...rest } = FORM;
    void [active, featured, deadline, salaryMin, salaryMax];
    const result = check(AdminJobForm, rest);
    expect(result.ok && result.value).toMatchObject({ active: true, featured: false });
    expect(
      check(AdminJobForm, { ...FORM, deadline: '', salaryMin: null, salaryMax: null }).ok,
    ).toBe(true);
  });

  it('takes every admin job type, Volunteer included', () => {
    expect(ADMIN_JOB_TYPES).toContain('Volunteer');
    for (const jobType of ADMIN_JOB_TYPES)
      expect(check(AdminJobForm, { ...FORM, jobType }).ok).toBe(true);
  });

  it.each([
    ['a missing title', { title: undefined }, 'title', ADMIN_MESSAGES.required],
    ['a blank title', { title: '  ' }, 'title', 'Required'],
    ['a blank organization', { organization: '' }, 'organization', 'Required'],
    ['no application URL', { applicationUrl: '' }, 'applicationUrl', 'Required'],
    [
      'an application URL that is not one',
      { applicationUrl: 'harbor health' },
      'applicationUrl',
      'Please enter a valid URL',
    ],
    [
      'a non-web URL',
      { applicationUrl: 'javascript:alert(1)' },
      'applicationUrl',
      'Please enter a valid URL',
    ],
    ['no category', { category: [] }, 'category', ADMIN_MESSAGES.category],
    ['only blank categories', { category: [' '] }, 'category', ADMIN_MESSAGES.category],
    ['no location', { locations: [] }, 'locations', 'At least one location is required'],
    [
      'a missing locations list',
      { locations: undefined },
      'locations',
      'At least one location is required',
    ],
    ['no job type', { jobType: ' ' }, 'jobType', 'Required'],
    ['no posted date', { postedDate: '' }, 'postedDate', 'Required'],
    [
      'a posted date in another format',
      { postedDate: '11-20-2026' },
      'postedDate',
      'Invalid input',
    ],
    ['an impossible posted date', { postedDate: '2026-02-30' }, 'postedDate', 'Invalid input'],
    [
      'a date-like deadline that is no date',
      { deadline: '13-45-2027' },
      'deadline',
      'Invalid input',
    ],
    ['a negative salary', { salaryMin: -1 }, 'salaryMin', PAY_MESSAGES.amount],
    ['a fraction of a cent', { salaryMax: 85_000.505 }, 'salaryMax', PAY_MESSAGES.amount],
    ['a salary in words', { salaryMin: 'seventy thousand' }, 'salaryMin', PAY_MESSAGES.amount],
    [
      'a maximum under the minimum',
      { salaryMin: 90_000, salaryMax: 80_000 },
      'salaryMax',
      PAY_MESSAGES.order,
    ],
    [
      'a monthly pay past the ceiling of a month',
      { salaryMin: 900_000, salaryPeriod: 'month' },
      'salaryMin',
      PAY_MESSAGES.tooLarge('month'),
    ],
    [
      'a period the board does not have',
      { salaryPeriod: 'decade' },
      'salaryPeriod',
      PAY_MESSAGES.period,
    ],
  ])('refuses %s', (_, change, field, message) => {
    const result = check(AdminJobForm, { ...FORM, ...change });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[field]).toBe(message);
  });

  it('names the two location messages the form shows', () => {
    expect(ADMIN_MESSAGES.locationsToast).toBe('Please add at least one location');
    expect(ADMIN_MESSAGES.locationsInline).toBe('At least one location is required');
  });
});

describe("the admin job update and the form's lists (issue 25)", () => {
  it('takes any part of the form, each field checked as the form checks it, nothing defaulted', () => {
    expect(check(AdminJobUpdate, {})).toEqual({ ok: true, value: {} });
    expect(check(AdminJobUpdate, { benefits: ['Dental'] })).toEqual({
      ok: true,
      value: { benefits: ['Dental'] },
    });
    expect(check(AdminJobUpdate, { title: '' })).toMatchObject({
      ok: false,
      errors: { title: ADMIN_MESSAGES.required },
    });
    expect(check(AdminJobUpdate, { salaryMin: 9, salaryMax: 8 })).toMatchObject({
      ok: false,
      errors: { salaryMax: PAY_MESSAGES.order },
    });
    expect(check(AdminJobUpdate, { nope: 1 }).ok).toBe(false);
  });

  it('holds each list to JOB_LIMITS, the limit the sync keeps too', () => {
    const full = Array.from({ length: JOB_LIMITS.listItems }, (_, i) => `Entry ${i}`);
    expect(check(AdminJobForm, { ...FORM, requirements: full }).ok).toBe(true);
    expect(check(AdminJobForm, { ...FORM, requirements: [...full, 'one more'] })).toMatchObject({
      ok: false,
      errors: { requirements: ADMIN_MESSAGES.tooManyEntries(JOB_LIMITS.listItems) },
    });
    const long = 'x'.repeat(JOB_LIMITS.listItem + 1);
    expect(check(AdminJobForm, { ...FORM, benefits: ['fine', long] })).toMatchObject({
      ok: false,
      errors: { 'benefits.1': ADMIN_MESSAGES.tooLong(JOB_LIMITS.listItem) },
    });
    expect(check(AdminJobForm, { ...FORM, salaryText: 'x'.repeat(201) })).toMatchObject({
      ok: false,
      errors: { salaryText: PAY_MESSAGES.text },
    });
  });

  it('names changed fields in one word each for the timeline, and labels them', () => {
    expect(changeSummary(['title', 'salaryMin', 'salaryText', 'benefits'])).toBe(
      'Changed title, salary, benefits',
    );
    expect(jobFieldLabel('salaryMin')).toBe(JOB_FIELDS.salaryMin.label);
    expect(jobFieldLabel('somethingNew')).toBe('somethingNew');
  });
});

describe('the amount edit (docs/product.md#validation)', () => {
  it('accepts whole cents above zero', () => {
    expect(check(AmountUpdate, { amount: 9900 })).toEqual({ ok: true, value: { amount: 9900 } });
    expect(check(AmountUpdate, { amount: 1 }).ok).toBe(true);
  });

  it.each([0, -1, 1.5, 'x', '1500', null, undefined, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %j with the amount message',
    (amount) => {
      const result = check(AmountUpdate, { amount });
      expect(!result.ok && result.errors.amount).toBe(
        'Please enter a valid amount greater than 0.',
      );
    },
  );

  it('has the toast title of docs/product.md#validation', () => {
    expect(ADMIN_MESSAGES.amountTitle).toBe('Invalid Amount');
  });
});

describe('the reject body', () => {
  it.each([{}, { notes: null }, { notes: '' }, { notes: 'Salary range missing' }])(
    'accepts %j',
    (body) => expect(check(RejectSubmission, body).ok).toBe(true),
  );

  it('refuses a reason that is too long or not text', () => {
    expect(check(RejectSubmission, { notes: 'x'.repeat(2001) }).ok).toBe(false);
    expect(check(RejectSubmission, { notes: 12 }).ok).toBe(false);
  });
});

describe('submission statuses and the CSRF header', () => {
  it('labels each status as docs/product.md#states-and-transitions says', () => {
    expect(SUBMISSION_STATUS_LABELS).toEqual({
      pending_review: 'Pending Review',
      approved: 'Approved',
      rejected: 'Rejected',
      paid: 'Paid & Published',
    });
  });

  it('names the header apiFetch sends on every request', () => {
    expect([CSRF_HEADER, CSRF_HEADER_VALUE]).toEqual(['x-requested-with', 'fetch']);
  });
});

describe('an existing job as form values (legacy rules of docs/product.md#entities)', () => {
  const JOB = {
    title: 'Editor',
    organization: 'City Desk',
    applicationUrl: 'https://citydesk.example/apply',
    description: 'Edit the news.',
    category: ['News and Audience'],
    locations: ['Chicago, IL', 'Remote'],
    location: 'Chicago, IL, Remote',
    jobType: 'Full-time',
    via: 'LinkedIn',
    postedDate: '2026-11-01',
    deadline: '2027-01-31',
    pay: { min: 50_000, max: 60_000, period: 'year' as const, currency: 'USD' },
    salary: '$50,000 - $60,000 a year',
    experienceLevel: 'mid',
    company: { websiteUrl: 'https://citydesk.example' },
    // The address given; company.logo (the stored copy on our origin) is not what the form edits.
    logoSource: 'https://citydesk.example/logo.png',
    active: true,
    featured: true,
  };
  const TODAY = '2026-11-22';

  it('keeps a current job as it is, and the result passes the form struct', () => {
    const values = jobToAdminForm(JOB, TODAY);
    expect(values).toEqual({
      title: 'Editor',
      organization: 'City Desk',
      applicationUrl: 'https://citydesk.example/apply',
      // A job with no method (an earlier release's) sends none, and empty apply fields.
      applicationEmail: '',
      howToApply: '',
      screeningQuestions: [],
      description: 'Edit the news.',
      category: ['News and Audience'],
      locations: ['Chicago, IL', 'Remote'],
      jobType: 'Full-time',
      // A location saying Remote, from an API before workplaces (issue 47).
      workplaceType: 'remote',
      remotePlaces: '',
      via: 'LinkedIn',
      postedDate: '2026-11-01',
      deadline: '2027-01-31',
      salaryMin: '50000',
      salaryMax: '60000',
      salaryPeriod: 'year',
      salaryCurrency: 'USD',
      benefitsSummary: '',
      experienceLevel: 'mid',
      companyWebsite: 'https://citydesk.example',
      logoUrl: 'https://citydesk.example/logo.png',
      // Blank: the pay has figures, and its line is theirs.
      salaryText: '',
      responsibilities: [],
      requirements: [],
      benefits: [],
      active: true,
      featured: true,
    });
    expect(check(AdminJobForm, values).ok).toBe(true);
  });

  it('fills every field the form edits, so a save of it unchanged changes nothing (issue 25)', () => {
    const values = jobToAdminForm(
      {
        ...JOB,
        pay: undefined,
        salary: 'Competitive, DOE',
        responsibilities: ['Edit copy'],
        requirements: ['Five years on a desk'],
        benefits: ['Health care'],
      },
      TODAY,
    );
    expect(values).toMatchObject({
      salaryText: 'Competitive, DOE',
      responsibilities: ['Edit copy'],
      requirements: ['Five years on a desk'],
      benefits: ['Health care'],
    });
    expect(check(AdminJobForm, values).ok).toBe(true);
    // The pay line of a pay with figures is no words of its own: left blank, it follows them.
    expect(
      jobToAdminForm(
        {
          ...JOB,
          pay: { min: 25, max: 30.5, period: 'hour', currency: 'USD', benefits: 'Dental' },
          salary: '$25 - $30.50 an hour',
        },
        TODAY,
      ),
    ).toMatchObject({
      salaryText: '',
      salaryMin: '25',
      salaryMax: '30.50',
      salaryPeriod: 'hour',
      salaryCurrency: 'USD',
      benefitsSummary: 'Dental',
    });
  });

  it('leaves out an experience level the menu does not offer, so the job keeps it (issue 25)', () => {
    const values = jobToAdminForm({ ...JOB, experienceLevel: 'Senior Manager' }, TODAY);
    expect(values.experienceLevel).toBeUndefined();
    expect(check(AdminJobForm, values).ok).toBe(true);
    expect(check(AdminJobForm, { ...FORM, experienceLevel: 'guru' })).toMatchObject({
      ok: false,
      errors: { experienceLevel: ADMIN_MESSAGES.invalid },
    });
    expect(check(AdminJobForm, { ...FORM, companyWebsite: 'not a url' })).toMatchObject({
      ok: false,
      errors: { companyWebsite: ADMIN_MESSAGES.url },
    });
  });

  it('turns a single location string into a one-item list', () => {
    const { locations, ...legacy } = JOB;
    void locations;
    expect(jobToAdminForm({ ...legacy, location: 'Boston, MA' }, TODAY).locations).toEqual([
      'Boston, MA',
    ]);
    expect(jobToAdminForm({ ...legacy, location: '' }, TODAY).locations).toEqual([]);
  });

  it.each(['Today', 'Recently', '3 days ago', '1 week ago', '2 months ago'])(
    'falls back to today for the relative posted date %j',
    (postedDate) => {
      expect(jobToAdminForm({ ...JOB, postedDate }, TODAY).postedDate).toBe(TODAY);
    },
  );

  it.each([
    ['Deadline: 1-15-2027', '2027-01-15'],
    ['Deadline: 12-5-2026', '2026-12-05'],
    ['deadline: 2027-2-3', '2027-02-03'],
    ['3/9/2027', '2027-03-09'],
    ['', ''],
    ['When filled', 'When filled'],
    ['Deadline: 2-30-2027', '2-30-2027'],
  ])('loads the deadline %j as %j (unreadable text is kept, not lost)', (deadline, expected) => {
    expect(jobToAdminForm({ ...JOB, deadline }, TODAY).deadline).toBe(expected);
  });

  it('reads a missing deadline, URL and via as empty, and a category string as a list', () => {
    const values = jobToAdminForm(
      {
        ...JOB,
        deadline: undefined,
        applicationUrl: undefined,
        via: undefined as unknown as string,
        category: 'Communications' as unknown as string[],
      },
      TODAY,
    );
    expect(values).toMatchObject({
      deadline: '',
      applicationUrl: '',
      via: '',
      category: ['Communications'],
    });
  });
});

describe('location entries', () => {
  it('are trimmed, without blanks or repeats of one label key, in order', () => {
    expect(distinctLabels([' Remote ', 'Boston, MA', '', 'remote', '  ', 'Boston, MA'])).toEqual([
      'Remote',
      'Boston, MA',
    ]);
    expect(distinctLabels(['Me\u0301rida', ' MÉRIDA '])).toEqual(['Me\u0301rida']);
  });
});
