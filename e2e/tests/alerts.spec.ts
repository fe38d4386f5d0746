import { expect, test } from '../support/test';
import { mailText, waitForMail } from '../support/admin';

/**
 * Job alerts (issue 17): a visitor follows a filtered search by e-mail from the board, gets the
 * confirmation e-mail (double opt-in) and confirms with its link; the link works once.
 */
test('follows a filtered search by e-mail and confirms it from the e-mail', async ({ page }) => {
  const email = `alert-${Date.now()}@reader.example`;
  await page.goto('/?q=communications&remote=true');
  await page.getByRole('button', { name: 'Get these jobs by e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get these jobs by e-mail' });
  await expect(dialog).toContainText('"communications" · Remote');

  // The address is checked before anything is sent.
  await dialog.getByLabel('Your e-mail address').fill('not an address');
  await dialog.getByRole('button', { name: 'Send me these jobs' }).click();
  await expect(dialog).toContainText('Please enter a valid email address');

  await dialog.getByLabel('Your e-mail address').fill(email);
  await dialog.getByLabel('Daily').check();
  await dialog.getByRole('button', { name: 'Send me these jobs' }).click();
  await expect(dialog.getByRole('status')).toContainText(`we sent a confirmation link to ${email}`);

  const mail = await waitForMail(
    (m) => m.to.includes(email) && mailText(m).includes('Confirm your job alert'),
  );
  const text = mailText(mail);
  // The board's own words for the search, and no link of the caller's (not even the search's).
  expect(text).toContain('"communications" =C2=B7 Remote'); // '·', quoted-printable
  expect(text).not.toContain('/?q=communications');
  const confirmUrl = /http:\/\/localhost:\d+\/alerts\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(
    text,
  )![0];

  // Opening the link (as a mail scanner does) changes nothing: the page's button confirms.
  await page.goto(confirmUrl);
  await expect(page.getByRole('heading', { name: 'Confirm your job alert' })).toBeVisible();
  await page.getByRole('button', { name: 'Start my job alert' }).click();
  await expect(page.getByRole('heading', { name: 'Your job alert is on' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(email);
  await expect(page.getByRole('status')).toContainText('"communications" · Remote');
  await page.getByRole('link', { name: 'See the jobs of this search' }).click();
  await expect(page).toHaveURL(/\/\?q=communications&remote=true$/);

  // The link works once.
  await page.goto(confirmUrl);
  await page.getByRole('button', { name: 'Start my job alert' }).click();
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('already been used');
});
