import { expect, test } from '../support/test';
import { liveListing, mailText, waitForMail } from '../support/admin';
import { screenshot } from '../support/screenshot';

/**
 * The employer's page (issue 30): an employer whose job is live asks for a sign-in link, opens it
 * from the e-mail, sees the listing with its timeline and receipt, and marks it filled: it leaves
 * the board at once.
 */
test('an employer signs in from the e-mail, sees the listing and its receipt, and marks it filled', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const title = `Field Organizer ${stamp}`;
  const email = `employer-${stamp}@openballot.example`;

  // A live listing: submitted, approved, paid on the (fake) Stripe Checkout.
  const { approval } = await liveListing(page, { title, contactEmail: email });
  // Every e-mail to the employer links their page.
  expect(mailText(approval)).toMatch(/http:\/\/localhost:\d+\/employer\b/);

  // The employer asks for a sign-in link.
  await page.goto('/employer');
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
  const mail = await waitForMail(
    (m) => m.to.includes(email) && mailText(m).includes('Your sign-in link'),
  );
  const link = /http:\/\/localhost:\d+\/employer\/sign-in\?token=[A-Za-z0-9_-]{43}/.exec(
    mailText(mail),
  )![0];

  // Opening the link changes nothing by itself: the button signs in.
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your listings' })).toBeVisible();
  const listing = page.getByRole('article', { name: title });
  await expect(listing).toContainText('Live');
  await expect(listing.getByRole('list', { name: 'Timeline' })).toContainText('Paid');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, 'employer-listings');

  // The receipt, printable.
  await listing.getByRole('link', { name: 'Receipt' }).click();
  await expect(page.getByRole('heading', { name: /^Receipt #\d+$/ })).toBeVisible();
  await expect(page.getByText('Featured Listing')).toBeVisible();
  await expect(page.getByText(/^cs_/)).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await screenshot(page, testInfo, 'employer-receipt');
  await page.emulateMedia({ media: 'screen' });

  // Marked filled: off the board at once.
  await page.getByRole('link', { name: 'Back to your listings' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page
    .getByRole('article', { name: title })
    .getByRole('button', { name: 'Mark filled' })
    .click();
  await expect(page.getByRole('article', { name: title })).toContainText('Filled');
  const board = await (
    await page.request.post('/api/jobs/search', { data: { query: title } })
  ).json();
  expect(board.jobs).toEqual([]);

  // The link worked once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('has been used already');
  await expect(page.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
});
