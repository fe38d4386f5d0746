/**
 * Labels of the job form's fields that the public submission form (mfe-submit) and the admin job
 * form (mfe-admin) word alike (docs/product.md#routes-and-screens, docs/product.md#entities and docs/product.md#validation): one text for both forms. A field the two forms
 * word differently (the title, the description, the salaries, the deadline) keeps its label with
 * its own form.
 */
export const JOB_FORM_FIELDS = {
  organization: 'Organization',
  companyWebsite: 'Company Website (optional)',
  logoUrl: 'Logo URL (optional)',
  applicationUrl: 'Application URL',
  urlPlaceholder: 'https://',
  categories: 'Categories',
  jobType: 'Job Type',
  jobTypePlaceholder: 'Select a job type',
  experienceLevel: 'Experience Level',
} as const;
