import { totpCode } from '@jobboard/api/test-support';
import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { expect, test } from '../support/test';
import { loginAsAdmin, toasts } from '../support/admin';
import { ADMIN } from '../support/site';

/** The step after the current one: never the enrolment's step, and inside the server's ±1 window. */
const nextStepCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

test.describe('admin two-factor sign-in', () => {
  test('enrols from the security page, then signs in with a code computed from the shown key, and once with a recovery code', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.getByRole('link', { name: 'Security' }).click();
    await expect(
      page.getByRole('heading', { name: TWO_FACTOR_MESSAGES.securityTitle }),
    ).toBeVisible();
    await expect(page.locator('#main').getByText(TWO_FACTOR_MESSAGES.statusOff)).toBeVisible();
    await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.start }).click();
    await expect(page.getByRole('img', { name: TWO_FACTOR_MESSAGES.qrAlt })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel(TWO_FACTOR_MESSAGES.codeLabel).fill('000000');
    await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.confirm }).click();
    await expect(page.getByRole('alert')).toHaveText(TWO_FACTOR_MESSAGES.badCode);
    await page.getByLabel(TWO_FACTOR_MESSAGES.codeLabel).fill(totpCode(secret, Date.now()));
    await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.confirm }).click();
    const codes = page
      .getByRole('list', { name: TWO_FACTOR_MESSAGES.recoveryTitle })
      .getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent())!.trim();
    await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.recoveryDone }).click();
    await expect(page.locator('#main').getByText(TWO_FACTOR_MESSAGES.statusOn)).toBeVisible();

    // Signed out, the password alone no longer opens the admin area.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(
      page.getByRole('heading', { name: TWO_FACTOR_MESSAGES.codeStepTitle }),
    ).toBeVisible();
    expect((await page.request.get('/api/admin/check-auth')).status()).toBe(401);
    await page.getByLabel(TWO_FACTOR_MESSAGES.codeLabel).fill(nextStepCode(secret));
    await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }).click();
    await expect(page.getByRole('heading', { name: 'Job Listings Admin' })).toBeVisible();
    await expect(toasts(page)).toContainText('Login successful!');

    // A recovery code signs in once.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Logout' })
      .click();
    for (const expected of ['signed in', 'refused'] as const) {
      await page.goto('/admin/login');
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByLabel(TWO_FACTOR_MESSAGES.codeLabel).fill(recovery);
      await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }).click();
      if (expected === 'signed in') {
        await expect(page.getByRole('heading', { name: 'Job Listings Admin' })).toBeVisible();
        await page
          .getByRole('navigation', { name: 'Admin' })
          .getByRole('button', { name: 'Logout' })
          .click();
      } else {
        await expect(page.getByRole('alert')).toHaveText(TWO_FACTOR_MESSAGES.badCode);
      }
    }
  });
});
