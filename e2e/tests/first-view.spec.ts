import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { allJobs, cards } from '../support/board';

/**
 * The first view comes with its data (issue 10): the server puts the board's first page, the filter
 * choices and, on /jobs/{id}, the job in the page, so the first cards need no API request, and no
 * code of the admin or submit areas is loaded for the board. It also draws them: the HTML holds the
 * first view, and the browser takes it over without drawing it again.
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

  test('/jobs/{id} opens its job with no request to the API but its one view', async ({
    page,
    request,
  }) => {
    const [job] = await allJobs(request);
    const urls = watch(page);
    await page.goto(`/jobs/${job!.id}`);
    await expect(page.getByRole('dialog').getByRole('heading', { name: job!.title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Nothing is read: the page holds it. The job's view is told once (docs/product.md#numbers).
    const view = `/api/jobs/${job!.id}/view`;
    expect(urls.filter((url) => url.startsWith('/api/') && url !== view)).toEqual([]);
    expect(urls.filter((url) => url === view)).toHaveLength(1);
  });

  test('/jobs/{id} keeps the dialog the server drew: nothing is drawn again under a click', async ({
    page,
    request,
  }) => {
    const [job] = await allJobs(request);
    await page.goto(`/jobs/${job!.id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: job!.title })).toBeVisible();
    const drawn = await dialog.elementHandle();
    await page.waitForLoadState('networkidle');
    // The same element once the page is live, and the focus is inside it.
    expect(await drawn!.evaluate((element) => element.isConnected)).toBe(true);
    expect(await drawn!.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  });

  test('/job-list lists the recent jobs with no request to the API', async ({ page }) => {
    const urls = watch(page);
    await page.goto('/job-list');
    await expect(page.getByTestId('recent-count')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(urls.filter((url) => url.startsWith('/api/'))).toEqual([]);
  });
});

test.describe('the first view drawn on the server', () => {
  test('the HTML of / holds the first page of cards, without any JavaScript', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(cards(page)).toHaveCount(10);
    await expect(page.getByRole('heading', { name: /Job Opportunities$/ })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Fundraising' })).toBeVisible();
    // The search form works as a plain form: the address of the search, drawn by the server.
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill('editor');
    await page.getByRole('searchbox', { name: 'Search jobs' }).press('Enter');
    await expect(page).toHaveURL(/\/\?q=editor$/);
    await expect(cards(page).first()).toContainText(/editor/i);
    await page.goto('/submit-job');
    await expect(page.getByRole('heading', { name: 'Submit Your Job for Review' })).toBeVisible();
    await page.goto('/job-list');
    await expect(page.getByRole('heading', { name: 'Job List' })).toBeVisible();
    await context.close();
  });

  test("the HTML of /jobs/{id} holds the job's dialog, without any JavaScript", async ({
    browser,
    request,
  }) => {
    const [job] = await allJobs(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/jobs/${job!.id}`);
    const dialog = page.getByRole('dialog', { name: job!.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(job!.company.name);
    await context.close();
  });

  for (const path of [
    '/',
    '/?q=editor&fullTime=true&sort=salary-high',
    '/job-list',
    '/submit-job',
    '/jobs/1',
  ]) {
    test(`${path} is taken over by the browser as it is, and then works`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(path);
      // The page is live: its remote has taken over the server's HTML.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[data-remote]')).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  test('the board works after it is taken over: a search, a bookmark', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill('editor');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=editor/);
    const bookmark = cards(page)
      .first()
      .getByRole('button', { name: /^Bookmark(ed)?$/ });
    await bookmark.click();
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  });

  test("a bookmark made earlier shows once the browser has taken over the server's page", async ({
    page,
  }) => {
    await page.goto('/');
    const first = cards(page).first();
    const id = await first.getAttribute('data-job-id');
    await page.evaluate((saved) => {
      localStorage.setItem('job_board_bookmarks', JSON.stringify([saved]));
    }, id);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.reload();
    const bookmark = cards(page)
      .first()
      .getByRole('button', { name: /^Bookmark(ed)?$/ });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    expect(problems).toEqual([]);
  });
});
