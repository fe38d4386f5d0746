import type { AdminJob, AdminJobForm } from '@jobboard/contract';

/** The form's fields an edit changed, by their form labels, for the job's audit line. */
export function changedFields(before: AdminJob, form: AdminJobForm): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const checks: [string, unknown, unknown][] = [
    ['title', before.title, form.title.trim()],
    ['organization', before.organization, form.organization.trim()],
    ['description', before.description, form.description.trim()],
    ['application URL', before.applicationUrl ?? '', form.applicationUrl.trim()],
    ['categories', before.category, form.category],
    [
      'locations',
      before.locations ?? [before.location],
      form.locations.map((l) => l.trim()).filter(Boolean),
    ],
    ['job type', before.jobType, form.jobType],
    ['salary', [before.salaryMin, before.salaryMax], [form.salaryMin, form.salaryMax]],
    ['posted date', before.postedDate, form.postedDate],
    ['experience level', before.experienceLevel, form.experienceLevel ?? before.experienceLevel],
    // Blank links keep the company's own, so only a given one can be a change.
    [
      'company website',
      before.company.websiteUrl,
      form.companyWebsite?.trim() || before.company.websiteUrl,
    ],
    ['logo', before.company.logo ?? '', form.logoUrl?.trim() || (before.company.logo ?? '')],
    ['featured', before.featured, form.featured],
    ['active', before.active, form.active],
  ];
  return checks.filter(([, a, b]) => !same(a, b)).map(([name]) => name);
}
