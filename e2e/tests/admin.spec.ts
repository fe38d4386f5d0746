import { PAY_FIELD_LABELS } from '@jobboard/contract/jobs';
import { expect, test } from '../support/test';
import {
  createJobAsAdmin,
  loginAsAdmin,
  mailText,
  submitJob,
  toasts,
  waitForMail,
} from '../support/admin';

test.describe('admin', () => {
  test('a wrong password is refused, the right one lets the admin in', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter both username and password');
    await page.getByLabel('Username').fill('e2e-admin');
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await loginAsAdmin(page);
    await expect(toasts(page)).toContainText('Login successful!');
    await expect(page.getByRole('heading', { name: /All Job Listings \(\d+\)/ })).toBeVisible();
    for (const column of [
      'Title',
      'Organization',
      'Category',
      'Posted Date',
      'Status',
      'Actions',
    ]) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }
  });

  test('creates a job, sees it on the public board, edits it and deletes it', async ({ page }) => {
    const title = `Membership Manager ${Date.now()}`;
    await loginAsAdmin(page);
    await page.getByRole('link', { name: 'Add New Job' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Organization').fill('Harbor Health Alliance');
    await page.getByLabel('Application URL').fill('https://harborhealth.example/jobs/membership');
    await page
      .getByLabel('Description')
      .fill('Grow and care for our community of members across the region.');
    await page.getByRole('checkbox', { name: 'Fundraising' }).check();
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(toasts(page)).toContainText('Please add at least one location');
    await expect(page.getByText('At least one location is required')).toBeVisible();
    await page.getByLabel('Locations', { exact: true }).fill('  Portland, ME ');
    await page.getByLabel('Locations', { exact: true }).press('Enter');
    await page.getByLabel('Locations', { exact: true }).fill('portland, me');
    await page.getByLabel('Locations', { exact: true }).press('Enter');
    await expect(
      page.getByRole('list', { name: 'Locations added' }).getByRole('listitem'),
    ).toHaveCount(1);
    // Pay per hour, with cents (issue 39).
    await page.getByLabel(PAY_FIELD_LABELS.min).fill('27.50');
    await page.getByLabel(PAY_FIELD_LABELS.max).fill('32');
    await page.getByLabel(PAY_FIELD_LABELS.period).selectOption('hour');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(toasts(page)).toContainText('Job created successfully');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

    // On the public board.
    const search = await page.request.post('/api/jobs/search', { data: { query: title } });
    const [job] = (await search.json()).jobs;
    expect(job).toMatchObject({
      title,
      organization: 'Harbor Health Alliance',
      locations: ['Portland, ME'],
      salary: '$27.50 - $32 an hour',
      pay: { min: 27.5, max: 32, period: 'hour', currency: 'USD' },
    });
    expect((await page.request.get(`/api/jobs/${job.id}`)).status()).toBe(200);
    await page.goto(`/jobs/${job.id}`);
    await expect(page.getByRole('dialog').getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText('Portland, ME');
    await expect(page.getByRole('dialog')).toContainText('$27.50 - $32 an hour');

    // Edit.
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByLabel('Title').fill(`${title} (Senior)`);
    await page.getByRole('button', { name: 'Update Job' }).click();
    await expect(toasts(page)).toContainText('Job updated successfully');
    await expect(page.getByRole('cell', { name: `${title} (Senior)`, exact: true })).toBeVisible();

    // View (a lazy page) and delete, confirming in the site's own dialog (issue 16).
    await page.getByRole('link', { name: `View ${title} (Senior)` }).click();
    await expect(page.getByRole('heading', { name: `${title} (Senior)` })).toBeVisible();
    await expect(page.getByText('Portland, ME')).toBeVisible();
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: `Delete ${title} (Senior)` }).click();
    const confirmation = page.getByRole('dialog', { name: 'Delete job' });
    await expect(confirmation).toContainText('Are you sure you want to delete this job?');
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText('Job deleted successfully');
    await expect(page.getByRole('cell', { name: `${title} (Senior)`, exact: true })).toHaveCount(0);
    expect((await page.request.get(`/api/jobs/${job.id}`)).status()).toBe(404);
  });

  test('job 33 saved unchanged through the dashboard keeps every section (issue 25)', async ({
    page,
  }) => {
    const before = await (await page.request.get('/api/jobs/33')).json();
    expect(before).toMatchObject({ title: 'Communications Intern' });
    expect(
      [before.responsibilities, before.requirements, before.benefits].map((l) => l.length),
    ).toEqual([3, 2, 2]);
    await loginAsAdmin(page);
    await page.goto('/admin/jobs/edit/33');
    await expect(page.getByLabel('Responsibility 3', { exact: true })).toHaveValue(
      before.responsibilities[2],
    );
    await expect(page.getByLabel('Benefit 2', { exact: true })).toHaveValue(before.benefits[1]);
    await page.getByRole('button', { name: 'Update Job' }).click();
    await expect(toasts(page)).toContainText('Job updated successfully');
    expect(await (await page.request.get('/api/jobs/33')).json()).toEqual(before);
  });

  test("edits a job's lists in the form, and a later edit of another field keeps them (issue 25)", async ({
    page,
  }) => {
    const title = `River Guide ${Date.now()}`;
    await loginAsAdmin(page);
    await page.getByRole('link', { name: 'Add New Job' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Organization').fill('Clearwater Conservation Trust');
    await page.getByLabel('Application URL').fill('https://clearwatertrust.org/careers/guide');
    await page.getByRole('checkbox', { name: 'Communications' }).check();
    await page.getByLabel('Locations', { exact: true }).fill('Bend, OR');
    await page.getByLabel('Locations', { exact: true }).press('Enter');
    // Lists from the keyboard: 'Add' moves the focus into the new entry, Enter opens the next.
    await page.getByRole('button', { name: 'Add a responsibility' }).click();
    await page.keyboard.type('Lead river walks');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Keep the trail log');
    await page.getByRole('button', { name: 'Add a requirement' }).click();
    await page.keyboard.type('First aid certificate');
    await page.getByRole('button', { name: 'Add a benefit' }).click();
    await page.keyboard.type('A canoe');
    await page.getByRole('button', { name: 'Move Responsibility 2 up' }).click();
    await page.getByLabel(PAY_FIELD_LABELS.text).fill('Stipend, DOE');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(toasts(page)).toContainText('Job created successfully');

    const search = await page.request.post('/api/jobs/search', { data: { query: title } });
    const [created] = (await search.json()).jobs;
    expect(created).toMatchObject({
      responsibilities: ['Keep the trail log', 'Lead river walks'],
      requirements: ['First aid certificate'],
      benefits: ['A canoe'],
      salary: 'Stipend, DOE',
    });

    // Another field changed: the lists and the salary text come through.
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByLabel('Responsibility 1', { exact: true })).toHaveValue(
      'Keep the trail log',
    );
    await page.getByLabel('Title').fill(`${title} (Senior)`);
    // The first edit's toast may still show: wait for this save's own answer.
    const saved = page.waitForResponse(
      (res) =>
        res.request().method() === 'PUT' && res.url().endsWith(`/api/admin/jobs/${created.id}`),
    );
    await page.getByRole('button', { name: 'Update Job' }).click();
    expect((await saved).status()).toBe(200);
    await expect(toasts(page)).toContainText('Job updated successfully');
    const after = await (await page.request.get(`/api/jobs/${created.id}`)).json();
    expect(after).toEqual({ ...created, title: `${title} (Senior)` });

    // The public modal shows the sections; the job's timeline names what changed.
    await page.goto(`/jobs/${created.id}`);
    const modal = page.getByRole('dialog');
    await expect(modal.getByRole('heading', { name: 'Responsibilities' })).toBeVisible();
    await expect(modal.getByText('First aid certificate')).toBeVisible();
    await page.goto(`/admin/jobs/view/${created.id}`);
    await expect(
      page.getByRole('list', { name: 'What changed: Edited: Changed title' }),
    ).toContainText(`Title: ${title} → ${title} (Senior)`);
  });

  test('reviews submissions made through the public form: amount, approve, reject', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const stamp = Date.now();
    const approveTitle = `Field Organizer ${stamp}`;
    const rejectTitle = `Volunteer Lead ${stamp}`;
    await submitJob(page, {
      title: approveTitle,
      contactEmail: `approve-${stamp}@openballot.example`,
    });
    await submitJob(page, {
      title: rejectTitle,
      contactEmail: `reject-${stamp}@openballot.example`,
    });
    // Both e-mails of a submission reach the SMTP server. The contact's acknowledgement carries
    // only its reference (none of the submitted text), the admins' notice the whole submission.
    const acknowledgement = await waitForMail(
      (m) =>
        m.to.includes(`approve-${stamp}@openballot.example`) &&
        m.raw.includes('We received your job submission'),
    );
    expect(acknowledgement.raw).not.toContain(approveTitle);
    await waitForMail((m) => m.raw.includes('New job submission') && m.raw.includes(approveTitle));

    await loginAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Submissions' })
      .click();
    await expect(page.getByRole('heading', { name: 'Job Submissions' })).toBeVisible();
    await expect(page.getByText('Review and manage job submissions')).toBeVisible();
    const card = page.getByTestId('submission').filter({ hasText: approveTitle });
    await expect(card.getByText('Pending Review')).toBeVisible();

    // Amount: invalid, then valid.
    const amount = card.getByLabel('Amount (USD)');
    await amount.fill('0');
    await card.getByRole('button', { name: 'Update Amount' }).click();
    await expect(toasts(page)).toContainText('Invalid Amount');
    await expect(toasts(page)).toContainText('Please enter a valid amount greater than 0.');
    await amount.fill('79.20');
    await card.getByRole('button', { name: 'Update Amount' }).click();
    await expect(toasts(page)).toContainText('Amount Updated');
    await expect(card.getByText('$79.20')).toBeVisible();

    // Approve: the pay link is e-mailed. Only a hash of a link is kept, so "Generate Payment
    // Link" copies a new one (valid 14 days); the e-mailed link keeps working beside it.
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(toasts(page)).toContainText('Job Approved');
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await expect(card.getByText(/Payment link valid until /)).toBeVisible();
    const approval = await waitForMail((m) => m.raw.includes(`Approved: ${approveTitle}`));
    const emailed = /http:\/\/localhost:\d+\/pay\/[A-Za-z0-9_-]{43}/.exec(mailText(approval))![0];
    await card.getByRole('button', { name: 'Generate Payment Link' }).click();
    await expect(toasts(page)).toContainText(
      'Payment link copied to clipboard! The earlier link still works until it expires, the listing is paid or you revoke the links.',
    );
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(copied).not.toBe(emailed);
    expect((await page.request.get(`/api${new URL(copied).pathname}`)).status()).toBe(200);
    expect((await page.request.get(`/api${new URL(emailed).pathname}`)).status()).toBe(200);

    // Reject with a reason.
    const other = page.getByTestId('submission').filter({ hasText: rejectTitle });
    await other.getByRole('button', { name: 'Reject' }).click();
    await other
      .getByLabel('Reason (optional, sent to the employer)')
      .fill('We only post roles with a salary range.');
    await other.getByRole('button', { name: 'Confirm rejection' }).click();
    await expect(toasts(page)).toContainText('Job Rejected');
    await expect(other.getByText('Rejected', { exact: true })).toBeVisible();
    const rejection = await waitForMail(
      (m) => m.to.includes(`reject-${stamp}@openballot.example`) && m.raw.includes('Reason:'),
    );
    expect(mailText(rejection)).toContain('We only post roles with a salary range.');
  });

  test('logout ends the session', async ({ page }) => {
    await loginAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await expect(toasts(page)).toContainText('You have been logged out successfully');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin/submissions');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(toasts(page)).toContainText('Please login to access the admin dashboard');
    expect((await page.request.get('/api/admin/submissions')).status()).toBe(401);
  });

  test('a visitor opens a job and clicks Apply: the admin sees one view and one apply click', async ({
    page,
    browser,
  }) => {
    const applyAt = 'https://apply.counting.example/role';
    await loginAsAdmin(page);
    const title = `Audience Analyst ${Date.now()}`;
    const id = await createJobAsAdmin(page.request, {
      title,
      organization: 'Counting Test Alliance',
      applicationUrl: applyAt,
      description: 'A role whose views and apply clicks the end-to-end test counts.',
    });

    // A visitor of their own (no admin cookie): the job's page, then its Apply link, which goes
    // through the board's counter to the job's own address (answered here, not on the web).
    const visitor = await browser.newContext();
    await visitor.route(`${applyAt}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Apply</title><h1>Apply</h1>' }),
    );
    const board = await visitor.newPage();
    await board.goto(`/jobs/${id}`);
    const modal = board.getByRole('dialog');
    await expect(modal.getByRole('heading', { name: title })).toBeVisible();
    const link = modal.getByRole('link', { name: /View Job Posting/ });
    // Opened by its address with no link to it (issue 44): a direct visit, and its Apply says so.
    await expect(link).toHaveAttribute('href', `/jobs/${id}/apply?via=direct`);
    const [tab] = await Promise.all([visitor.waitForEvent('page'), link.click()]);
    await expect(tab).toHaveURL(applyAt);
    await visitor.close();

    // The admin's job page: the counts are written in batches, so it is read again until they are.
    await page.goto(`/admin/jobs/view/${id}`);
    const section = page.getByRole('region', { name: 'Views and apply clicks' });
    await expect(async () => {
      await page.reload();
      await expect(
        section
          .getByRole('table', { name: /^Views and apply clicks, last/ })
          .getByRole('row', { name: /^Total/ }),
      ).toHaveText('Total11', { timeout: 1_000 });
    }).toPass();
    // Both came by the direct channel (docs/product.md#numbers).
    await expect(
      section
        .getByRole('table', { name: /^Views and apply clicks by channel, last/ })
        .getByRole('row', { name: /^Direct/ }),
    ).toHaveText('Direct11');
    await expect(
      section.getByRole('img', { name: /^Chart: 1 views and 1 apply clicks/ }),
    ).toBeVisible();
  });
});
