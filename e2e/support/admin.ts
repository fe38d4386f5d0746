import { PAY_FIELD_LABELS } from '@jobboard/contract/jobs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, currentSite } from './site';

export async function loginAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Job Listings Admin' })).toBeVisible();
}

export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

export interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** E-mails the fake SMTP server received, waiting up to 15 s for one that matches. */
export async function waitForMail(match: (mail: Mail) => boolean): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails: Mail[] = await (await fetch(currentSite().mailInbox)).json();
        found = mails.find(match);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Quoted-printable soft line breaks removed, so long lines (links) read whole. */
export const mailText = (mail: Mail) => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/**
 * A job the signed-in admin writes with the dashboard form's call (`request`: a signed-in page's,
 * `page.request`), live unless `active` is false, and without a source: its id.
 */
export async function createJobAsAdmin(
  request: APIRequestContext,
  job: {
    title: string;
    organization: string;
    applicationUrl: string;
    description: string;
    active?: boolean;
  },
): Promise<string> {
  const created = await request.post('/api/admin/jobs', {
    headers: { 'x-requested-with': 'fetch' },
    data: {
      category: ['Communications'],
      locations: ['Remote'],
      jobType: 'Full-time',
      via: '',
      postedDate: new Date().toISOString().slice(0, 10),
      deadline: '',
      salaryMin: 50_000,
      salaryMax: 60_000,
      active: true,
      featured: false,
      ...job,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}

/** Submit a job through the public form, as an employer would. */
export async function submitJob(
  page: Page,
  job: { title: string; contactEmail: string; listing?: 'Featured Listing' | 'Multiples Listing' },
) {
  await page.goto('/submit-job');
  await page.getByLabel('Job Title').fill(job.title);
  await page.getByLabel('Organization').fill('Open Ballot Project');
  await page
    .getByLabel('Job Description')
    .fill(
      'Organize volunteers online and run digital campaigns for voting rights across the state.',
    );
  await page.getByLabel('Location').fill('Remote');
  await page.getByRole('checkbox', { name: 'Political' }).check();
  await page.getByLabel('Job Type').selectOption('Full-time');
  await page.getByLabel(PAY_FIELD_LABELS.min).fill('55000');
  await page.getByLabel(PAY_FIELD_LABELS.max).fill('65000');
  await page.getByLabel('Application URL').fill('https://openballot.example/jobs/organizer');
  await page.getByLabel('Contact Name').fill('Sam Rivera');
  await page.getByLabel('Contact Email').fill(job.contactEmail);
  if (job.listing) await page.getByRole('radio', { name: new RegExp(job.listing) }).check();
  await page.getByRole('button', { name: 'Submit for Review (Free)' }).click();
  await expect(page.getByRole('heading', { name: 'Submission Received!' })).toBeVisible();
}

/**
 * A listing made live the way an employer does it: submitted through the form, approved by the
 * admin, paid from the approval e-mail's link through the (fake) Stripe Checkout. Leaves the page
 * on the job's own page; answers the job's id and the approval e-mail.
 */
export async function liveListing(
  page: Page,
  job: { title: string; contactEmail: string },
): Promise<{ jobId: number; approval: Mail }> {
  await submitJob(page, job);
  await loginAsAdmin(page);
  await page.goto('/admin/submissions');
  await page
    .getByTestId('submission')
    .filter({ hasText: job.title })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(toasts(page)).toContainText('Job Approved');
  const approval = await waitForMail(
    (m) => m.to.includes(job.contactEmail) && m.raw.includes('Approved:'),
  );
  await page.goto(/http:\/\/localhost:\d+\/pay\/[A-Za-z0-9_-]{43}/.exec(mailText(approval))![0]);
  await page.getByRole('button', { name: 'Pay $99' }).click();
  await page.getByRole('button', { name: 'Pay $99.00' }).click();
  await page.getByRole('link', { name: 'See your job on the board' }).click();
  return { jobId: Number(page.url().split('/').pop()), approval };
}
