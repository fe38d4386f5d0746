import { expect, test } from '../support/test';
import { loginAsAdmin, mailText, submitJob, toasts, waitForMail } from '../support/admin';
import { screenshot } from '../support/screenshot';

test('the whole employer journey: submit, review, pay through Stripe Checkout, live and featured', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const title = `Campaign Manager ${stamp}`;
  const email = `pay-${stamp}@openballot.example`;

  // 1. The employer submits for free.
  await submitJob(page, { title, contactEmail: email });

  // 2. The team approves; the employer gets the secure link by e-mail.
  await loginAsAdmin(page);
  await page.goto('/admin/submissions');
  const card = page.getByTestId('submission').filter({ hasText: title });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(page)).toContainText('Job Approved');
  const approval = await waitForMail((m) => m.to.includes(email) && m.raw.includes('Approved:'));
  const payUrl = /http:\/\/localhost:\d+\/pay\/[A-Za-z0-9_-]{43}/.exec(mailText(approval))![0];

  // 3. The employer opens the link and pays on (fake) Stripe Checkout.
  await page.goto(payUrl);
  await expect(page.getByRole('heading', { name: 'Pay for your listing' })).toBeVisible();
  await expect(page.getByText('Featured Listing (30 days)')).toBeVisible();
  await expect(page.getByTestId('amount-due')).toHaveText('$99');
  await page.getByRole('button', { name: 'Pay $99' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('Amount due: $99.00 USD')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $99.00' }).click();

  // 4. Back on our site: the signed webhook has published the job.
  await expect(page.getByRole('heading', { name: 'Thank you! Payment received' })).toBeVisible();
  await page.getByRole('link', { name: 'See your job on the board' }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+$/);
  const jobId = page.url().split('/').pop();
  const job = await (await page.request.get(`/api/jobs/${jobId}`)).json();
  expect(job).toMatchObject({ title, featured: true, expired: false });
  expect(Date.parse(job.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);

  // Featured: first on the board's default sort among today's jobs.
  const board = await (
    await page.request.post('/api/jobs/search', { data: { query: title } })
  ).json();
  expect(board.jobs[0]).toMatchObject({ id: jobId, featured: true });

  // The admin sees it paid; the employer got the 'job live' e-mail.
  await page.goto('/admin/submissions');
  await expect(
    page.getByTestId('submission').filter({ hasText: title }).getByText('Paid & Published'),
  ).toBeVisible();
  await waitForMail((m) => m.to.includes(email) && m.raw.includes('Your job is live'));

  // The link is now only a receipt.
  await page.goto(payUrl);
  await expect(page.getByText('This listing is paid for and live.')).toBeVisible();

  // 5. The dashboard counts the payment: paid this month, and this month's bar of revenue. The
  // page's clock is ours from here (it runs on), so that its toasts' 5 s can be skipped below.
  await page.clock.install();
  await page.goto('/admin/dashboard');
  const numbers = page.getByRole('region', { name: 'At a glance' });
  await expect(numbers.getByRole('img', { name: /^Revenue by month/ })).toBeVisible();
  const thisMonth = numbers
    .getByRole('table', { name: 'Revenue by month' })
    .getByRole('row')
    .last();
  await expect(thisMonth.getByRole('cell')).toHaveText(/^\$[1-9]/);
  // The shot shows the page, not a toast left over from the journey (they close after 5 s).
  await page.clock.fastForward(5_000);
  await expect(toasts(page).getByTestId('toast')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, 'admin-dashboard-with-revenue');
});

test('two pay links in a row: both open the pay page, the first pays once, and revoked links stop working', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const stamp = Date.now();
  const paidTitle = `Data Reporter ${stamp}`;
  const revokedTitle = `Grants Writer ${stamp}`;
  await submitJob(page, { title: paidTitle, contactEmail: `links-${stamp}@openballot.example` });
  await submitJob(page, {
    title: revokedTitle,
    contactEmail: `revoke-${stamp}@openballot.example`,
  });

  await loginAsAdmin(page);
  await page.goto('/admin/submissions');
  const payLinks = async (title: string) => {
    const card = page.getByTestId('submission').filter({ hasText: title });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card.getByText(/Payment link valid until /)).toBeVisible();
    const approval = await waitForMail((m) => m.raw.includes(`Approved: ${title}`));
    const emailed = /http:\/\/localhost:\d+\/pay\/[A-Za-z0-9_-]{43}/.exec(mailText(approval))![0];
    // A second link: the admin is told the e-mailed one still works.
    await card.getByRole('button', { name: 'Generate Payment Link' }).click();
    await expect(toasts(page)).toContainText('The earlier link still works until it expires');
    await expect(card.getByText(/2 payment links work now/)).toBeVisible();
    const second = await page.evaluate(() => navigator.clipboard.readText());
    expect(second).not.toBe(emailed);
    return { card, emailed, second };
  };

  // Both links open the pay page.
  const paid = await payLinks(paidTitle);
  for (const link of [paid.emailed, paid.second]) {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Pay for your listing' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay $99' })).toBeVisible();
  }

  // Paying through the first publishes the job once; the second link then shows it paid.
  await page.goto(paid.emailed);
  await page.getByRole('button', { name: 'Pay $99' }).click();
  await page.getByRole('button', { name: 'Pay $99.00' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! Payment received' })).toBeVisible();
  await page.goto(paid.second);
  await expect(page.getByText('This listing is paid for and live.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $99' })).toHaveCount(0);
  const found = await (
    await page.request.post('/api/jobs/search', { data: { query: paidTitle } })
  ).json();
  expect(found.jobs.filter((job: { title: string }) => job.title === paidTitle)).toHaveLength(1);

  // 'Revoke links', once confirmed, ends both links of the other listing.
  await page.goto('/admin/submissions');
  const revoked = await payLinks(revokedTitle);
  await revoked.card.getByRole('button', { name: 'Revoke links' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke payment links?' });
  await expect(dialog).toContainText('including the one e-mailed to the employer');
  await dialog.getByRole('button', { name: 'Revoke links' }).click();
  await expect(toasts(page)).toContainText('Payment Links Revoked');
  await expect(revoked.card.getByText(/No payment link works now/)).toBeVisible();
  for (const link of [revoked.emailed, revoked.second]) {
    await page.goto(link);
    await expect(
      page.getByText(
        /^This payment link has been withdrawn by our team\. Write to \S+ for a new one\.$/,
      ),
    ).toBeVisible();
  }
});
