import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { PAY_FIELD_LABELS, type Job } from '@jobboard/contract/jobs';
import { LOGO_UPLOAD_MESSAGES, SUBMISSION_MESSAGES } from '@jobboard/contract/submissions';
import { loginAsAdmin, mailText, toasts, waitForMail } from '../support/admin';
import { cardOf } from '../support/board';

const JOB = {
  title: `Digital Organizer ${Date.now()}`,
  organization: 'Open Ballot Project',
  description:
    'Organize volunteers online and run digital campaigns for voting rights across the state.',
  location: 'Remote',
  applicationUrl: 'https://openballot.example/jobs/organizer',
  contactName: 'Sam Rivera',
  contactEmail: 'sam@openballot.example',
};

async function fill(page: Page, job = JOB) {
  await page.getByLabel('Job Title').fill(job.title);
  await page.getByLabel('Organization').fill(job.organization);
  await page.getByLabel('Job Description').fill(job.description);
  await page.getByLabel('Location').fill(job.location);
  await page.getByRole('checkbox', { name: 'Political' }).check();
  await page.getByLabel('Job Type').selectOption('Full-time');
  await page.getByLabel(PAY_FIELD_LABELS.min).fill('55000');
  await page.getByLabel(PAY_FIELD_LABELS.max).fill('65000');
  await page.getByLabel('Application URL').fill(job.applicationUrl);
  await page.getByLabel('Contact Name').fill(job.contactName);
  await page.getByLabel('Contact Email').fill(job.contactEmail);
}

const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit for Review (Free)' });

test.describe('submitting a job', () => {
  test('an empty form shows every validation message next to its field', async ({ page }) => {
    await page.goto('/submit-job');
    await submitButton(page).click();
    for (const message of Object.values(SUBMISSION_MESSAGES)) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Job Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: 'Submission Received!' })).toHaveCount(0);
  });

  test('messages follow what is typed', async ({ page }) => {
    await page.goto('/submit-job');
    await page.getByLabel('Job Description').fill('Too short.');
    await page.getByLabel('Application URL').fill('not a url');
    await page.getByLabel('Contact Email').fill('sam@');
    await page.getByLabel('Contact Email').blur();
    await expect(page.getByText(SUBMISSION_MESSAGES.description)).toBeVisible();
    await expect(page.getByText(SUBMISSION_MESSAGES.applicationUrl)).toBeVisible();
    await expect(page.getByText(SUBMISSION_MESSAGES.contactEmail)).toBeVisible();
    await page.getByLabel('Contact Email').fill('sam@openballot.example');
    await expect(page.getByText(SUBMISSION_MESSAGES.contactEmail)).toHaveCount(0);
  });

  test('a full submission reaches the confirmation and leads back to the board', async ({
    page,
  }) => {
    await page.goto('/submit-job');
    await fill(page);
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/submit-job-for-review') && r.method() === 'POST',
    );
    await submitButton(page).click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({
      title: JOB.title,
      listingType: 'basic',
      selectedTier: 'basic',
      experienceLevel: 'Not specified',
    });
    await expect(page.getByRole('heading', { name: 'Submission Received!' })).toBeVisible();
    await expect(page.getByText(JOB.contactEmail)).toBeVisible();
    await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
      'Job Submitted Successfully!',
    );
    await page.getByRole('link', { name: 'Return to Job Board' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-remote="mfe_board"]')).toBeVisible();
  });

  test('a logo file is uploaded, previewed, submitted, reviewed, and shown on the card once approved and paid', async ({
    page,
  }) => {
    const stamp = Date.now();
    // A company new to the board: it takes the submission's logo when its job is published.
    const job = {
      ...JOB,
      title: `Logo Designer ${stamp}`,
      organization: `Logo Upload Fund ${stamp}`,
      contactEmail: `logo-${stamp}@openballot.example`,
    };
    await page.goto('/submit-job');
    await fill(page, job);
    await page
      .getByLabel(LOGO_UPLOAD_MESSAGES.label)
      .setInputFiles(path.join(import.meta.dirname, '../fixtures/logo.png'));
    // Uploaded: the preview is the stored copy, at the path the submission will carry.
    const preview = page.getByRole('img', { name: LOGO_UPLOAD_MESSAGES.preview });
    await expect(preview).toHaveAttribute('src', /^\/logos\/[0-9a-f]{64}\.png$/);
    const logo = (await preview.getAttribute('src'))!;
    // The stored copy is drawn: re-encoded within 256 px (the fixture is 320 x 160).
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(256);
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/submit-job-for-review') && r.method() === 'POST',
    );
    await submitButton(page).click();
    expect((await sent).postDataJSON()).toMatchObject({ logoUrl: logo });
    await expect(page.getByRole('heading', { name: 'Submission Received!' })).toBeVisible();

    await loginAsAdmin(page);
    await page.goto('/admin/submissions');
    const card = page.getByTestId('submission').filter({ hasText: job.title });
    await expect(card.getByRole('img', { name: 'The uploaded logo' })).toHaveAttribute('src', logo);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(toasts(page)).toContainText('Job Approved');
    // The employer pays through the e-mailed link on (fake) Stripe Checkout.
    const approval = await waitForMail(
      (m) => m.to.includes(job.contactEmail) && m.raw.includes('Approved:'),
    );
    await page.goto(/http:\/\/localhost:\d+\/pay\/[A-Za-z0-9_-]{43}/.exec(mailText(approval))![0]);
    await page.getByRole('button', { name: 'Pay $99' }).click();
    await page.getByRole('button', { name: 'Pay $99.00' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you! Payment received' })).toBeVisible();

    // Published: the company, new to the board, shows the uploaded logo (no download).
    let published: Job | undefined;
    await expect
      .poll(async () => {
        const jobs = (await (await page.request.get('/api/jobs')).json()) as Job[];
        published = jobs.find((j) => j.title === job.title);
        return published?.company.logo;
      })
      .toBe(logo);
    await page.goto('/');
    await expect(cardOf(page, published!).locator('img')).toHaveAttribute('src', logo);
  });

  test('when the API fails the form keeps everything and a toast explains', async ({ page }) => {
    await page.goto('/submit-job');
    await fill(page);
    await page.route('**/api/submit-job-for-review', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"The service is down for maintenance"}',
      }),
    );
    await submitButton(page).click();
    const toast = page.getByRole('region', { name: /Notifications/ });
    await expect(toast).toContainText('Submission Failed');
    await expect(toast).toContainText('The service is down for maintenance');
    await expect(page.getByLabel('Job Title')).toHaveValue(JOB.title);
    await expect(page.getByLabel('Contact Email')).toHaveValue(JOB.contactEmail);
    await expect(page.getByRole('checkbox', { name: 'Political' })).toBeChecked();
    await expect(submitButton(page)).toBeEnabled();
  });

  test('the button says Submitting... and is disabled while sending', async ({ page }) => {
    await page.goto('/submit-job');
    await fill(page, { ...JOB, title: `${JOB.title} (slow)` });
    // The submission is held back until the button has been seen in its sending state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/submit-job-for-review', async (route) => {
      await held;
      await route.continue();
    });
    await submitButton(page).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Submission Received!' })).toBeVisible();
  });

  test('the tier cards can be chosen with the keyboard', async ({ page }) => {
    await page.goto('/submit-job');
    const basic = page.getByRole('radio', { name: /Featured Listing/ });
    const multiples = page.getByRole('radio', { name: /Multiples Listing/ });
    await expect(basic).toBeChecked();
    await basic.focus();
    await page.keyboard.press('ArrowRight');
    await expect(multiples).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(basic).toBeChecked();
  });
});
