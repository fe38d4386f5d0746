import { solveHumanProof } from '@jobboard/api/test-support';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAsAdmin } from '../support/admin';
import { cardOf, dialog } from '../support/board';
import { ADMIN } from '../support/site';

/**
 * Markup in every text of a job shows as text, never runs: a job created on the admin screen and
 * one submitted, approved and paid for, both full of `</script><script>alert(1)</script>` and
 * `"><img src=x onerror=alert(1)>`, on the board (card and modal, the first view being the
 * server's page with the data inlined), on the job's own address and in the admin screens. Any
 * alert would open a browser dialog; none may.
 */

const SCRIPT = '</script><script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const BOTH = `${SCRIPT}${IMG}`;
const CSRF = { 'x-requested-with': 'fetch' };

async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', { data: ADMIN, headers: CSRF });
  expect(login.ok(), await login.text()).toBe(true);
  return {
    post: async (url: string, data: unknown = {}) => {
      const res = await request.post(url, { data, headers: CSRF });
      expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
      return res.json();
    },
    remove: (url: string) => request.delete(url, { headers: CSRF }),
  };
}

/** No element the markup would have made, and no dialog opened. */
async function expectInert(page: Page, dialogs: string[]) {
  // Let any injected handler (an image failing to load, a script) have its chance to run.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelectorAll('script:not([src])').length)).toBe(
    await page.evaluate(
      () =>
        document.querySelectorAll(
          'script#before-live, script#boot-config, script[type="application/ld+json"]',
        ).length,
    ),
  );
  expect(dialogs).toEqual([]);
}

test('markup in every field of a job is shown as text on the board, its page and the admin screens', async ({
  page,
}) => {
  const stamp = Date.now();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  const api = await adminApi(page.request);

  const adminJob = {
    title: `Editor ${stamp} ${BOTH}`,
    organization: `Org ${BOTH}`,
    applicationUrl: `https://example.org/apply/${BOTH}`,
    description: `About the role ${BOTH}`,
    category: [`Category ${SCRIPT}`, `Category ${IMG}`],
    locations: [`City ${SCRIPT}`, `Town ${IMG}`],
    jobType: IMG,
    via: `Via ${BOTH}`,
    postedDate: new Date().toISOString().slice(0, 10),
    deadline: `Rolling ${IMG}`,
    salaryMin: 50_000,
    salaryMax: 60_000,
    active: true,
    featured: true,
  };
  const submittedTitle = `Organizer ${stamp} ${BOTH}`;
  const jobIds: string[] = [];
  try {
    jobIds.push((await api.post('/api/admin/jobs', adminJob)).id);

    // Submitted through the public API (with the spam check's proof, solved as the form does),
    // approved, paid on the fake Stripe: published.
    const challenge = await (await page.request.get('/api/human-proof/challenge')).json();
    const submitted = await page.request.post('/api/submit-job-for-review', {
      data: {
        ...VALID_SUBMISSION,
        humanProof: await solveHumanProof(challenge),
        title: submittedTitle,
        organization: `Org ${BOTH}`,
        description: `${VALID_SUBMISSION.description} ${BOTH}`,
        location: `City ${BOTH}`,
        applicationUrl: `https://example.org/jobs/${BOTH}`,
        contactName: `Sam ${BOTH}`,
        contactEmail: `hostile-${stamp}@example.org`,
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const submissionId = (await submitted.json()).id;
    await api.post(`/api/admin/submissions/${submissionId}/approve`);
    const { paymentUrl } = await api.post(`/api/admin/submissions/${submissionId}/payment-link`);
    const token = new URL(paymentUrl).pathname.split('/')[2];
    const { url: checkoutUrl } = await (
      await page.request.post(`/api/pay/${token}/checkout`, { headers: CSRF })
    ).json();
    // The fake checkout's Pay button: marks the session paid and delivers the signed webhook.
    await page.request.post(`${checkoutUrl}/pay`, { maxRedirects: 0 });
    await expect
      .poll(async () => (await page.request.get(`/api/pay/${token}`)).json())
      .toMatchObject({ status: 'paid' });
    jobIds.push((await (await page.request.get(`/api/pay/${token}`)).json()).jobId);
    const [adminId, publishedId] = jobIds as [string, string];

    // The board's first view (its data inlined in the page) and the card's modal.
    await page.goto('/');
    const card = cardOf(page, { id: adminId });
    await expect(card).toContainText(adminJob.title);
    await expect(card).toContainText(adminJob.organization);
    await expect(card).toContainText(`City ${SCRIPT}`);
    await expect(card).toContainText(IMG);
    await expect(card).toContainText(adminJob.deadline);
    await expect(cardOf(page, { id: publishedId })).toContainText(submittedTitle);
    await expectInert(page, dialogs);
    await card.getByRole('heading', { level: 3 }).click();
    await expect(dialog(page).getByRole('heading', { name: adminJob.title })).toBeVisible();
    for (const text of [adminJob.description, adminJob.organization, `Town ${IMG}`]) {
      await expect(dialog(page)).toContainText(text);
    }
    await expectInert(page, dialogs);

    // The submitted job's own address, rendered by the server with the job inlined.
    await page.goto(`/jobs/${publishedId}`);
    await expect(dialog(page).getByRole('heading', { name: submittedTitle })).toBeVisible();
    await expect(dialog(page)).toContainText(`City ${BOTH}`);
    await expect(dialog(page)).toContainText(`Org ${BOTH}`);
    await expectInert(page, dialogs);

    // The admin screens: the jobs table, a job's page and form, the review queue.
    await loginAsAdmin(page);
    for (const title of [adminJob.title, submittedTitle]) {
      const row = page.getByRole('row').filter({ hasText: title });
      await expect(row.getByRole('link', { name: `View ${title}`, exact: true })).toBeVisible();
      await expect(row).toContainText(`Org ${BOTH}`);
    }
    await expect(page.getByRole('row').filter({ hasText: adminJob.title })).toContainText(
      adminJob.category.join(', '),
    );
    await expectInert(page, dialogs);
    await page.goto(`/admin/jobs/view/${adminId}`);
    await expect(page.getByRole('heading', { name: adminJob.title })).toBeVisible();
    await expect(page.getByText(adminJob.description)).toBeVisible();
    await expectInert(page, dialogs);
    await page.goto(`/admin/jobs/edit/${adminId}`);
    await expect(page.getByLabel('Title')).toHaveValue(adminJob.title);
    await expect(page.getByLabel('Organization')).toHaveValue(adminJob.organization);
    await expectInert(page, dialogs);
    await page.goto('/admin/submissions');
    const submission = page.getByTestId('submission').filter({ hasText: submittedTitle });
    await expect(submission).toContainText(`Sam ${BOTH}`);
    await expect(submission).toContainText(`City ${BOTH}`);
    await expectInert(page, dialogs);
  } finally {
    // Leave the board as the other tests expect it (no odd locations or categories).
    for (const id of jobIds) await api.remove(`/api/admin/jobs/${id}`);
  }
});
