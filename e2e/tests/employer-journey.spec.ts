import { listingEndingAt } from '@jobboard/api/test-support';
import { liveListing, mailText, waitForMail } from '../support/admin';
import { screenshot } from '../support/screenshot';
import { currentSite } from '../support/site';
import { expect, test } from '../support/test';

const DAY_MS = 86_400_000;
const APPLY_AT = 'https://openballot.example/jobs/organizer';
const usDate = (instant: number) =>
  new Date(instant).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Issue 30's journey, from the e-mails an employer receives: submit, approved, paid; the
 * employer's page opened from the e-mail shows the job live, with a visitor's view and apply
 * click counted; a month on it is renewed through Stripe Checkout; the page shows the new end
 * date and the renewal's receipt.
 */
test('an employer follows their listing from the e-mails: live, counted, renewed, receipted', async ({
  page,
  browser,
}, testInfo) => {
  // A long journey (two payments, three e-mails, batched counts): room for a busy machine.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Campaign Organizer ${stamp}`;
  const email = `journey-${stamp}@openballot.example`;

  // Submitted, approved, paid through the (fake) Stripe Checkout from the approval e-mail.
  const { jobId } = await liveListing(page, { title, contactEmail: email });

  // A visitor of their own opens the job and clicks Apply (answered here, not on the web).
  const visitor = await browser.newContext();
  await visitor.route(`${APPLY_AT}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Apply</title><h1>Apply</h1>' }),
  );
  const board = await visitor.newPage();
  await board.goto(`/jobs/${jobId}`);
  const modal = board.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: title })).toBeVisible();
  const apply = modal.getByRole('link', { name: /View Job Posting/ });
  // Opened by its address, with no link's channel and no referrer: a direct visit (issue 44).
  await expect(apply).toHaveAttribute('href', `/jobs/${jobId}/apply?via=direct`);
  const [tab] = await Promise.all([visitor.waitForEvent('page'), apply.click()]);
  await expect(tab).toHaveURL(APPLY_AT);
  await visitor.close();

  // The employer opens their page from the e-mail that said the job is live.
  const liveMail = await waitForMail(
    (m) =>
      m.to.includes(email) && mailText(m).includes('/employer') && !m.raw.includes('Approved:'),
  );
  await page.goto(/http:\/\/localhost:\d+\/employer\b/.exec(mailText(liveMail))![0]);
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  const signIn = await waitForMail(
    (m) => m.to.includes(email) && mailText(m).includes('Your sign-in link'),
  );
  await page.goto(
    /http:\/\/localhost:\d+\/employer\/sign-in\?token=[A-Za-z0-9_-]{43}/.exec(mailText(signIn))![0],
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  const listing = page.getByRole('article', { name: title });
  await expect(listing).toContainText('Live');
  // The counts are written in batches: read the page again until they are there.
  await expect(async () => {
    await page.reload();
    await expect(listing).toContainText('1 view, 1 apply click in the last 30 days', {
      timeout: 1_000,
    });
  }).toPass();

  // A month on, the listing ends in 3 days: the page offers to renew it.
  const endsAt = Date.now() + 3 * DAY_MS;
  await listingEndingAt(currentSite().sqliteFile, jobId, new Date(endsAt));
  await page.reload();
  await expect(listing).toContainText('Ending soon');
  await listing.getByRole('button', { name: 'Renew listing' }).click();
  await expect(page.getByRole('heading', { name: 'Renew your listing' })).toBeVisible();
  await page.getByRole('button', { name: 'Renew for $99' }).click();
  await page.getByRole('button', { name: 'Pay $99.00' }).click();
  const newEnd = usDate(endsAt + 30 * DAY_MS);
  await expect(
    page.getByText(`Your listing is renewed: it now runs until ${newEnd}.`),
  ).toBeVisible();

  // Back on the employer's page: the new end, the renewal in the timeline, and its receipt.
  await page.goto('/employer/listings');
  await expect(listing).toContainText(`Ends on ${newEnd}`);
  await expect(listing.getByRole('list', { name: 'Timeline' })).toContainText(`(until ${newEnd})`);
  await listing.getByText(/^Views and apply clicks: /).click();
  await expect(
    listing.getByRole('table', { name: /^Views and apply clicks, last \d+ days/ }),
  ).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, 'employer-listing-renewed');
  await listing.getByRole('link', { name: /^Renewal receipt/ }).click();
  await expect(page.getByRole('heading', { name: /^Receipt #R\d+$/ })).toBeVisible();
  await expect(page.getByText('Featured Listing (renewal)')).toBeVisible();
  await expect(page.getByText(/^cs_/)).toBeVisible();
  await screenshot(page, testInfo, 'employer-renewal-receipt');
});
