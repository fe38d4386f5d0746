import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAsAdmin, toasts } from '../support/admin';
import { cards, searchApi, searchBox } from '../support/board';
import { currentSite } from '../support/site';

/**
 * Issue 14: 'Refresh Jobs' on the dashboard re-syncs the jobs from Airtable (the site's fake one,
 * support/fake-services.ts). The admin sees it working, the toast with the counts, the last sync
 * with the skipped record's reason, and the new jobs on the public board; a record removed from
 * the source takes its job off the board at the next sync.
 */

async function setAirtable(page: Page, records: unknown[], hold = false) {
  const response = await page.request.put(currentSite().airtableControl, {
    data: { records, hold },
  });
  expect(response.ok()).toBe(true);
}

/** Let the held answers of the fake Airtable go. */
async function releaseAirtable(page: Page) {
  const response = await page.request.post(`${currentSite().airtableControl}/release`);
  expect(response.ok()).toBe(true);
}

function record(id: string, fields: Record<string, unknown>) {
  return {
    id,
    createdTime: '2026-11-01T00:00:00.000Z',
    fields: {
      Organization: 'Riverside Food Bank',
      Description: 'Tells the food bank’s story to donors, volunteers and the press.',
      Location: 'Toledo, OH',
      'Job Type': 'full-time',
      Category: 'Communications',
      'Posted Date': 'Today',
      'Application URL': 'https://riverside.example/jobs',
      ...fields,
    },
  };
}

const refreshButton = (page: Page) => page.getByRole('button', { name: 'Refresh Jobs' });

test('Refresh Jobs syncs from Airtable: toast with the counts, last sync, jobs on the board', async ({
  page,
}) => {
  // Two syncs and four page loads: longer than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const stamp = Date.now();
  const titles = [`Synced Storyteller ${stamp}`, `Synced Press Officer ${stamp}`];
  await setAirtable(
    page,
    [
      record(`recE2E${stamp}1`, { Title: titles[0] }),
      record(`recE2E${stamp}2`, { Title: titles[1], Category: ['Communications', 'Fundraising'] }),
      record(`recE2E${stamp}3`, { Title: '' }),
    ],
    // The source holds its answer until the button's working state has been seen.
    true,
  );
  await loginAsAdmin(page);
  const panel = page.getByRole('region', { name: 'Last sync' });

  await refreshButton(page).click();
  await expect(page.getByRole('button', { name: 'Refreshing...' })).toBeDisabled();
  await releaseAirtable(page);
  await expect(toasts(page)).toContainText('Jobs refreshed from Airtable');
  await expect(toasts(page)).toContainText('2 created, 0 updated, 0 deactivated, 1 skipped');
  await expect(refreshButton(page)).toBeEnabled();

  // The list was fetched again, and the panel tells the last sync and the skipped record.
  for (const title of titles) {
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  }
  await expect(panel).toContainText('Airtable');
  await expect(panel).toContainText('2 created, 0 updated, 0 deactivated, 1 skipped, 0 unchanged');
  await panel.getByText('Skipped records (1)').click();
  await expect(panel).toContainText(`recE2E${stamp}3`);
  await expect(panel).toContainText("'Title' is missing");

  // On the public board, posted today ('Today' at sync time).
  await page.goto('/');
  await searchBox(page).fill(`Synced Storyteller ${stamp}`);
  await searchBox(page).press('Enter');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(titles[0]!);
  const found = await searchApi(page.request, { query: String(stamp) });
  expect(found.jobs.map((job) => job.title).sort()).toEqual([...titles].sort());
  const today = new Date().toISOString().slice(0, 10);
  for (const job of found.jobs) expect(job.postedDate).toBe(today);

  // The records leave Airtable: the next sync takes their jobs off the board (kept, inactive).
  await setAirtable(page, []);
  await page.goto('/admin/dashboard');
  await refreshButton(page).click();
  await expect(toasts(page)).toContainText('0 created, 0 updated, 2 deactivated, 0 skipped');
  expect((await searchApi(page.request, { query: String(stamp) })).jobs).toHaveLength(0);
});
