import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { createJobAsAdmin, loginAsAdmin, submitJob, toasts, waitForMail } from '../support/admin';
import { screenshot } from '../support/screenshot';
import { currentSite } from '../support/site';
import { expect, test } from '../support/test';

/**
 * Admin at scale (issue 16) in the browser: the jobs list filtered in the address, three jobs
 * extended in one bulk action with its summary and their timeline entry, the CSV of the view,
 * a failed e-mail sent again to the SMTP test peer, and the dashboard's chart with its text for
 * screen readers. Screenshots of the dashboard and the timelines are attached to the report.
 */

/**
 * Jobs of this run only (created through the admin API with the signed-in page's session), so
 * other specs' data stays as it is.
 */
async function createJobs(request: APIRequestContext, stamp: number) {
  const titles = ['Grants Writer', 'Digital Organizer', 'Audience Editor', 'Data Reporter'];
  const ids: string[] = [];
  for (const [index, name] of titles.entries()) {
    ids.push(
      await createJobAsAdmin(request, {
        title: `${name} ${stamp}`,
        organization: 'Scale Test Alliance',
        applicationUrl: 'https://scale.example/jobs',
        description: 'A role to show the admin screens at scale, created by the end-to-end test.',
        // The last one is switched off: the 'Live' filter leaves it out.
        active: index < 3,
      }),
    );
  }
  return ids;
}

test.describe('admin at scale', () => {
  test('filters the jobs list in the address, extends three jobs at once, shows the timeline and exports the view', async ({
    page,
  }, testInfo) => {
    // A long walk through five screens: three times the default time, for a loaded machine.
    test.slow();
    const stamp = Date.now();
    await loginAsAdmin(page);
    await createJobs(page.request, stamp);
    await page.reload();

    // Search and filter: the view goes into the address, the title keeps the view's total.
    const filters = page.getByRole('search', { name: 'Search jobs' });
    await filters.getByLabel('Search jobs').fill(String(stamp));
    await filters.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
    await expect(page.getByRole('heading', { name: 'All Job Listings (4)' })).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'Live' });
    await expect(page).toHaveURL(/[?&]status=live/);
    await expect(page.getByRole('heading', { name: 'All Job Listings (3)' })).toBeVisible();
    await page.getByRole('button', { name: 'Title' }).click();
    await expect(page).toHaveURL(/[?&]sort=title/);
    await expect(page.getByRole('cell', { name: `Data Reporter ${stamp}` })).toHaveCount(0);

    // The address alone shows the same view (a shared link).
    const shared = page.url();
    await page.goto('/admin/dashboard');
    await page.goto(shared);
    await expect(page.getByRole('heading', { name: 'All Job Listings (3)' })).toBeVisible();
    const titles = ['Audience Editor', 'Digital Organizer', 'Grants Writer'].map(
      (name) => `${name} ${stamp}`,
    );
    const rows = page.getByRole('row').filter({ hasText: String(stamp) });
    await expect(rows).toHaveCount(3);
    for (const [index, title] of titles.entries()) {
      await expect(rows.nth(index)).toContainText(title);
    }

    // Select three, extend them in one action after one confirmation in the site's dialog.
    for (const title of titles)
      await page.getByRole('checkbox', { name: `Select ${title}` }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bulk).toContainText('3 selected');
    await bulk.getByRole('button', { name: 'Extend 30 days' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Extend jobs' });
    await expect(confirmation).toContainText('Extend 30 days 3 selected jobs?');
    await confirmation.getByRole('button', { name: 'Extend 30 days (3)' }).click();
    await expect(toasts(page)).toContainText('3 jobs extended by 30 days');
    await expect(rows.first()).toContainText('ends');

    // Export the view: every job of it, parseable, with its columns.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^jobs-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    expect(header!.split(',')).toEqual(
      expect.arrayContaining(['id', 'title', 'organization', 'status', 'expires_at']),
    );
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => line.split(',')[1])).toEqual(titles);

    // The timeline of one of them: created by the admin, then the extension, with who and when
    // and (issue 25) the end of the listing it changed, from what to what.
    await page.getByRole('link', { name: `View ${titles[0]}` }).click();
    const entries = page.getByRole('list', { name: 'History' }).locator('> li');
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText(/Created.*by e2e-admin/);
    await expect(entries.last()).toContainText(
      /Extended.*Extended by 30 days, to \d{4}-\d{2}-\d{2}.*by e2e-admin/,
    );
    await expect(entries.last().getByRole('listitem')).toContainText(/^Listing ends: /);
    await screenshot(page, testInfo, 'admin-job-timeline');
  });

  test('sends a failed e-mail again from the e-mail page, to the SMTP test peer', async ({
    page,
  }, testInfo) => {
    // Four screens and the mail round trip: three times the default time, for a loaded machine.
    test.slow();
    const stamp = Date.now();
    const address = `refused-${stamp}@scale.example`;
    // The employer's mail server refuses the mailbox: the acknowledgement is tried and refused.
    await fetch(`${currentSite().mailControl}/refuse?address=${encodeURIComponent(address)}`);
    await submitJob(page, { title: `Canvass Lead ${stamp}`, contactEmail: address });
    // Given up, as after its twenty attempts (hours of backoff, done at once for the test).
    await expect
      .poll(
        async () =>
          Number(
            await (
              await fetch(
                `${currentSite().mailControl}/give-up?address=${encodeURIComponent(address)}`,
              )
            ).text(),
          ),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    await fetch(`${currentSite().mailControl}/accept?address=${encodeURIComponent(address)}`);

    await loginAsAdmin(page);
    await page.getByRole('link', { name: 'E-mail', exact: true }).click();
    await page.getByLabel('State').selectOption({ label: 'Failed' });
    await expect(page).toHaveURL(/[?&]status=failed/);
    const row = page.getByRole('row').filter({ hasText: address });
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('Last error');
    await row.getByRole('button', { name: /^Resend / }).click();
    await expect(toasts(page)).toContainText('E-mail queued again');

    const mail = await waitForMail((m) => m.to.includes(address));
    expect(mail.raw).toContain(address);
    // Marked sent once the peer has taken it.
    await expect
      .poll(async () => {
        const sent = await page.request.get('/api/admin/emails?status=sent&pageSize=100');
        return JSON.stringify(await sent.json()).includes(address);
      })
      .toBe(true);
    await page.getByLabel('State').selectOption({ label: 'Sent' });
    await expect(page.getByRole('row').filter({ hasText: address })).toContainText('Sent');

    // The submission's timeline tells the e-mail's story too.
    await page.goto(`/admin/submissions?q=${stamp}`);
    await page.getByText('History', { exact: true }).click();
    const timeline = page.getByRole('list', { name: /^History of submission / });
    await expect(timeline).toContainText('Submitted for review');
    await expect(timeline).toContainText(`E-mail sent: 'We received your job submission`);
    // From the top: a full-page shot taken scrolled would draw the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, testInfo, 'admin-submission-timeline');
  });

  test('the dashboard shows the numbers and a revenue chart with text for screen readers', async ({
    page,
  }, testInfo) => {
    await loginAsAdmin(page);
    const numbers = page.getByRole('region', { name: 'At a glance' });
    for (const label of [
      'Live jobs',
      'Ending within 7 days',
      'Waiting for review',
      'Paid this month',
    ]) {
      await expect(numbers.getByText(label, { exact: true })).toBeVisible();
    }
    const stats = await (await page.request.get('/api/admin/stats')).json();
    await expect(numbers).toContainText(stats.live.toLocaleString('en-US'));
    const chart = numbers.getByRole('img', { name: /^Revenue by month for the last 12 months/ });
    await expect(chart).toBeVisible();
    const table = numbers.getByRole('table', { name: 'Revenue by month' });
    await expect(table.getByRole('row')).toHaveCount(13);
    await expect(table.getByRole('columnheader', { name: 'Revenue' })).toBeAttached();
    await screenshot(page, testInfo, 'admin-dashboard');
  });
});
