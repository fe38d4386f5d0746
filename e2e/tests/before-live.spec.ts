import type { BrowserContext, Page } from '@playwright/test';
import { APP_READY, expect, test } from '../support/test';
import {
  allJobs,
  cardOf,
  cards,
  dialog,
  filterPanel,
  pagination,
  searchApi,
  searchBox,
  sortSelect,
} from '../support/board';

/**
 * A visitor on a slow phone acts on the page the server drew before it is live (issue 40), and
 * nothing they do is lost. The CPU is slowed 4x (what Lighthouse imitates), and the page's
 * scripts are held until the test has acted, so every action happens on the server's HTML alone,
 * as soon as its control shows: whatever the machine's speed, nothing here waits for
 * `data-app-ready` first. Then the scripts go, the page comes alive, and each test checks that
 * what was typed is there and what was pressed was done (shell/src/boot/before-live.js).
 */

interface SlowPhone {
  page: Page;
  /** Lets the page's scripts load, and waits until the page is live. */
  goLive(): Promise<void>;
}

async function slowPhone(context: BrowserContext): Promise<SlowPhone> {
  // A page of its own: the fixture's `page` waits for the page to be live on every `goto`.
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\//, async (route) => {
    await held;
    await route.continue();
  });
  return {
    page,
    goLive: async () => {
      release();
      await page.locator(APP_READY).waitFor({ state: 'attached' });
    },
  };
}

/** The page is the server's alone: no script has taken it over. */
async function expectNotLive(page: Page) {
  await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
}

test.describe('what a visitor does before the page is live', () => {
  test('a search typed and sent with Enter runs that search', async ({ context, request }) => {
    const { page, goLive } = await slowPhone(context);
    await page.goto('/', { waitUntil: 'commit' });
    await searchBox(page).fill('editor');
    await expectNotLive(page);
    await searchBox(page).press('Enter');
    await page.waitForURL(/\/\?q=editor$/, { waitUntil: 'commit' });
    await goLive();
    const expected = await searchApi(request, { query: 'editor' });
    await expect(cards(page).first()).toBeVisible();
    expect(await cards(page).count()).toBe(Math.min(10, expected.jobs.length));
    await expect(cardOf(page, expected.jobs[0]!)).toBeVisible();
    await expect(searchBox(page)).toHaveValue('editor');
  });

  test('a search typed stays in the box, and Search runs it once live', async ({ context }) => {
    const { page, goLive } = await slowPhone(context);
    await page.goto('/', { waitUntil: 'commit' });
    await searchBox(page).fill('grants');
    await expectNotLive(page);
    await goLive();
    await expect(searchBox(page)).toHaveValue('grants');
    // A moment later, whatever renders the board again, it is still there.
    await page.waitForLoadState('networkidle');
    await expect(searchBox(page)).toHaveValue('grants');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\?q=grants$/);
  });

  test('a bookmark and a page pressed are done, in order', async ({ context, request }) => {
    const { page, goLive } = await slowPhone(context);
    const [first] = (await searchApi(request, {})).jobs;
    await page.goto('/', { waitUntil: 'commit' });
    await cardOf(page, first!)
      .getByRole('button', { name: /^Bookmark/ })
      .click();
    await pagination(page).getByRole('button', { name: 'Page 2' }).click();
    await expectNotLive(page);
    await goLive();
    await expect(page).toHaveURL(/\?page=2/);
    const saved = await page.evaluate(() => localStorage.getItem('job_board_bookmarks'));
    expect(JSON.parse(saved ?? '[]')).toEqual([first!.id]);
  });

  test('a click on a card opens its job once live', async ({ context, request }) => {
    const { page, goLive } = await slowPhone(context);
    const [first] = (await searchApi(request, {})).jobs;
    await page.goto('/', { waitUntil: 'commit' });
    await cardOf(page, first!).getByText(first!.company.name, { exact: true }).click();
    await expectNotLive(page);
    await goLive();
    await expect(dialog(page).getByRole('heading', { name: first!.title })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/jobs/${first!.id}`));
  });

  test('a filter ticked and applied, and a sort chosen, are applied', async ({ context }) => {
    const { page, goLive } = await slowPhone(context);
    await page.goto('/', { waitUntil: 'commit' });
    await filterPanel(page).getByRole('checkbox', { name: 'Fundraising' }).check();
    await filterPanel(page).getByRole('button', { name: 'Apply Filters' }).click();
    await sortSelect(page).selectOption('salary-high');
    await expectNotLive(page);
    await goLive();
    await expect(page).toHaveURL(/category=Fundraising/);
    await expect(page).toHaveURL(/sort=salary-high/);
    await expect(filterPanel(page).getByRole('checkbox', { name: 'Fundraising' })).toBeChecked();
    await expect(sortSelect(page)).toHaveValue('salary-high');
  });

  test("a job's page: its Bookmark is pressed once live", async ({ context, request }) => {
    const { page, goLive } = await slowPhone(context);
    const [job] = await allJobs(request);
    await page.goto(`/jobs/${job!.id}`, { waitUntil: 'commit' });
    await dialog(page)
      .getByRole('button', { name: /^Bookmark/ })
      .click();
    await expectNotLive(page);
    await goLive();
    await expect(dialog(page).getByRole('button', { name: /^Bookmarked/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('the job list: Disable Auto-refresh is pressed once live', async ({ context }) => {
    const { page, goLive } = await slowPhone(context);
    await page.goto('/job-list', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Disable Auto-refresh' }).click();
    await expectNotLive(page);
    await goLive();
    await expect(page.getByRole('button', { name: 'Enable Auto-refresh' })).toBeVisible();
  });

  test("the submission form keeps an employer's first words, and sends them", async ({
    context,
  }) => {
    const { page, goLive } = await slowPhone(context);
    const title = `Field Organizer ${Date.now()}`;
    await page.goto('/submit-job', { waitUntil: 'commit' });
    await page.getByLabel('Job Title').fill(title);
    await page.getByLabel('Organization').fill('Open Ballot Project');
    await expectNotLive(page);
    await goLive();
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel('Job Title')).toHaveValue(title);
    await expect(page.getByLabel('Organization')).toHaveValue('Open Ballot Project');
    await page
      .getByLabel('Job Description')
      .fill('Organize volunteers online and run digital campaigns across the state.');
    await page.getByLabel('Location').fill('Remote');
    await page.getByRole('checkbox', { name: 'Political' }).check();
    await page.getByLabel('Job Type').selectOption('Full-time');
    await page.getByLabel('Minimum pay').fill('55000');
    await page.getByLabel('Application URL').fill('https://openballot.example/jobs/field');
    await page.getByLabel('Contact Name').fill('Sam Rivera');
    await page.getByLabel('Contact Email').fill('sam@openballot.example');
    const sent = page.waitForRequest('**/api/submit-job-for-review');
    await page.getByRole('button', { name: 'Submit for Review (Free)' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      title,
      organization: 'Open Ballot Project',
    });
    await expect(page.getByRole('heading', { name: 'Submission Received!' })).toBeVisible();
  });

  test('a form sent before live waits, and is sent once live with what was typed', async ({
    context,
  }) => {
    const { page, goLive } = await slowPhone(context);
    await page.goto('/submit-job', { waitUntil: 'commit' });
    await page.getByLabel('Job Title').fill('Press Secretary');
    await page.getByRole('button', { name: 'Submit for Review (Free)' }).click();
    // Not sent by the browser to this address with its fields in it.
    await expectNotLive(page);
    expect(new URL(page.url()).search).toBe('');
    await goLive();
    // Sent once live: the form says what is missing, and keeps the title.
    await expect(page.getByText('Job description must be at least 50 characters')).toBeVisible();
    await expect(page.getByLabel('Job Title')).toHaveValue('Press Secretary');
    expect(new URL(page.url()).search).toBe('');
  });
});
