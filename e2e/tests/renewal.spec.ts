import { renewalLinkEndingAt } from '@jobboard/api/test-support';
import { liveListing, waitForMail } from '../support/admin';
import { screenshot } from '../support/screenshot';
import { currentSite } from '../support/site';
import { expect, test } from '../support/test';

const DAY_MS = 86_400_000;
const usDate = (instant: number) =>
  new Date(instant).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

test('an employer renews a listing ending soon through Stripe Checkout and sees the new end date', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const title = `Field Organizer ${stamp}`;
  const email = `renew-${stamp}@openballot.example`;

  // A listing submitted, approved and paid through the fake Stripe Checkout.
  const { jobId } = await liveListing(page, { title, contactEmail: email });

  // A month on: it ends in 3 days, and the employer has a renewal link.
  const endsAt = Date.now() + 3 * DAY_MS;
  const token = await renewalLinkEndingAt(currentSite().sqliteFile, jobId, new Date(endsAt));

  await page.goto(`/renew/${token}`);
  await expect(page.getByRole('heading', { name: 'Renew your listing' })).toBeVisible();
  await expect(page.getByText(`Ends on ${usDate(endsAt)}`)).toBeVisible();
  await expect(page.getByText('Featured Listing: another 30 days')).toBeVisible();
  await expect(
    page.getByText(`Renewed, it runs until ${usDate(endsAt + 30 * DAY_MS)}`),
  ).toBeVisible();
  await screenshot(page, testInfo, 'renewal-page');
  await page.getByRole('button', { name: 'Renew for $99' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('Amount due: $99.00 USD')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $99.00' }).click();

  // Back on our site: the webhook has renewed it from its end, and says so.
  await expect(page.getByRole('heading', { name: 'Thank you! Payment received' })).toBeVisible();
  await expect(
    page.getByText(`Your listing is renewed: it now runs until ${usDate(endsAt + 30 * DAY_MS)}.`),
  ).toBeVisible();
  const job = await (await page.request.get(`/api/jobs/${jobId}`)).json();
  expect(Date.parse(job.expiresAt)).toBe(endsAt + 30 * DAY_MS);
  await waitForMail((m) => m.to.includes(email) && m.raw.includes('Your listing is renewed until'));
});
