import { expect, test, type Page } from '@playwright/test';
import { allJobs, cards } from '../support/board';

/**
 * The first view comes with its data (issue 10): the server puts the board's first page, the filter
 * choices and, on /jobs/{id}, the job in the page, so the first cards need no API request, and no
 * code of the admin or submit areas is loaded for the board.
 */
test.describe('the first view', () => {
  const watch = (page: Page) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(new URL(request.url()).pathname));
    return urls;
  };

  test('/ shows its first page with no request to the API, and no admin or submit code', async ({
    page,
  }) => {
    const urls = watch(page);
    await page.goto('/?q=editor');
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Fundraising' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(urls.filter((url) => url.startsWith('/api/'))).toEqual([]);
    expect(urls.filter((url) => /\/assets\/mfe-(admin|submit)\//.test(url))).toEqual([]);
  });

  test('/jobs/{id} opens its job with no request to the API', async ({ page, request }) => {
    const [job] = await allJobs(request);
    const urls = watch(page);
    await page.goto(`/jobs/${job!.id}`);
    await expect(page.getByRole('dialog').getByRole('heading', { name: job!.title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(urls.filter((url) => url.startsWith('/api/'))).toEqual([]);
  });

  test('/job-list lists the recent jobs with no request to the API', async ({ page }) => {
    const urls = watch(page);
    await page.goto('/job-list');
    await expect(page.getByTestId('recent-count')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(urls.filter((url) => url.startsWith('/api/'))).toEqual([]);
  });
});
