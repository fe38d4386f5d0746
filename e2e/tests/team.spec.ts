import { liveListing, mailText, waitForMail } from '../support/admin';
import { expect, test } from '../support/test';

/**
 * Issue 47's team, in the browser: Ana, whose listing is live, invites Ben from her team page; Ben
 * takes the e-mailed invitation, signs in with its one press and sees Ana's listing; Ana removes
 * him and Ben's next page says his access ended, by whom.
 */
test('an owner invites a colleague, who sees the listings until removed', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Team Organizer ${stamp}`;
  const ana = `ana-${stamp}@acme-advocacy.example`;
  const ben = `ben-${stamp}@acme-advocacy.example`;
  const link = (text: string, kind: 'token' | 'invite') =>
    new RegExp(`http://localhost:\\d+/employer/sign-in\\?${kind}=[A-Za-z0-9_-]{43}`).exec(text)![0];

  await liveListing(page, { title, contactEmail: ana });

  // Ana signs in and invites Ben from her team page.
  await page.goto('/employer');
  await page.getByLabel('Your e-mail address').fill(ana);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  const signIn = await waitForMail(
    (m) => m.to.includes(ana) && mailText(m).includes('Your sign-in link'),
  );
  await page.goto(link(mailText(signIn), 'token'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Your team' }).click();
  await page.getByLabel('Invite a colleague by e-mail').fill(ben);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByTestId('toast').getByText(`An invitation is on its way to ${ben}.`),
  ).toBeVisible();

  // Ben opens the invitation in his own browser, presses the button, and sees Ana's listing.
  const bens = await browser.newContext();
  const benPage = await bens.newPage();
  const invitation = await waitForMail(
    (m) => m.to.includes(ben) && mailText(m).includes('invites you'),
  );
  await benPage.goto(link(mailText(invitation), 'invite'));
  await benPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(benPage.getByText(`Signed in as ${ben}`)).toBeVisible();
  await expect(benPage.getByRole('article', { name: title })).toBeVisible();

  // Ana removes Ben (after the question); his next page says his access ended.
  await page.reload();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('listitem', { name: ben }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('toast').getByText(`${ben} is no longer a member.`)).toBeVisible();
  await benPage.reload();
  await expect(benPage.getByRole('alert')).toContainText(`ended: ${ana} removed this address on`);
  await bens.close();
});
