import { expect, type Page } from '@playwright/test';
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
  await page.getByLabel('Minimum Salary (USD per year)').fill('55000');
  await page.getByLabel('Maximum Salary (USD per year)').fill('65000');
  await page.getByLabel('Application URL').fill('https://openballot.example/jobs/organizer');
  await page.getByLabel('Contact Name').fill('Sam Rivera');
  await page.getByLabel('Contact Email').fill(job.contactEmail);
  if (job.listing) await page.getByRole('radio', { name: new RegExp(job.listing) }).check();
  await page.getByRole('button', { name: 'Submit for Review (Free)' }).click();
  await expect(page.getByRole('heading', { name: 'Submission Received!' })).toBeVisible();
}
