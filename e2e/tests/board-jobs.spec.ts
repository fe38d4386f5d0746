import {
  PAGE_SIZE,
  RECENT_LIST_CATEGORY_ORDER,
  RECENT_LIST_OTHER_GROUP,
} from '@jobboard/contract/common';
import { APPLICATION_MESSAGES, jobApplyMethod } from '@jobboard/contract/applications';
import { formatSalary, type Job } from '@jobboard/contract/jobs';
import type { Locator } from '@playwright/test';
import { storeLogoFor } from '@jobboard/api/test-support';
import { expect, test, untilLive } from '../support/test';
import {
  allJobs,
  cardOf,
  cards,
  dialog,
  expectAccessible,
  expectCount,
  filterPanel,
  searchApi,
  searchBox,
  sortSelect,
} from '../support/board';

/** Presses Tab (or Shift+Tab) until `target` has the focus; at most 80 presses. */
async function tabUntil(target: Locator, direction: 'forward' | 'backward' = 'forward') {
  const page = target.page();
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The jobs of the first page of the board as it opens (the default order). */
async function firstPage(request: Parameters<typeof searchApi>[0]) {
  return (await searchApi(request, { pageSize: PAGE_SIZE })).jobs;
}

const bookmarkOf = (scope: ReturnType<typeof cardOf>) =>
  scope.getByRole('button', { name: /^Bookmark(ed)?$/ });

test.describe('job cards and the job modal', () => {
  test('a card shows the fields of docs/product.md#routes-and-screens', async ({
    page,
    request,
  }) => {
    const jobs = await firstPage(request);
    await page.goto('/');
    for (const job of jobs) {
      const card = cardOf(page, job);
      const heading = card.getByRole('heading', { level: 3 });
      await expect(heading).toHaveAccessibleName(
        job.featured ? `Featured job: ${job.title}` : job.title,
      );
      expect((await heading.textContent())!.startsWith('★')).toBe(job.featured);
      await expect(card).toContainText(job.company.name);
      if (job.location) await expect(card).toContainText(job.location);
      await expect(card).toContainText(job.jobType);
      await expect(card).toContainText(/Posted [A-Z][a-z]+ \d{1,2}, \d{4}/);
      // Its figures as USD, else its salary as written (an admin's text without figures).
      const salary = formatSalary(job);
      await expect(card.getByTestId('job-salary')).toHaveCount(salary ? 1 : 0);
      if (salary) await expect(card.getByTestId('job-salary')).toHaveText(salary);
      await expect(card.getByText(/^Deadline: /)).toHaveCount(job.deadline ? 1 : 0);
      // A featured card has its highlighted ring.
      const ring = await card.evaluate((el) => getComputedStyle(el).boxShadow);
      expect(ring.includes('0px 0px 0px 2px')).toBe(job.featured);
      // The description is clamped to two lines (an admin's job may have none).
      if (job.description) {
        const clamp = await card
          .locator('p')
          .filter({ hasText: job.description.slice(0, 20) })
          .evaluate((el) => getComputedStyle(el).webkitLineClamp);
        expect(clamp).toBe('2');
      }
    }
    await expectAccessible(page);
  });

  test("a company's logo is the board's own copy, allowed by the page's policy", async ({
    page,
    request,
    site,
  }) => {
    const [job] = await firstPage(request);
    // As the server's fetcher stores one (it fetches over https from public addresses only).
    const path = await storeLogoFor(
      site.sqliteFile,
      job!.company.name,
      'https://cdn.example/a.png',
    );
    await expect
      .poll(async () => (await firstPage(request)).find((j) => j.id === job!.id)?.company.logo)
      .toBe(path);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto('/');
    const logo = cardOf(page, job!).locator('img');
    await expect(logo).toHaveAttribute('src', path);
    // Loaded: drawn at its stored size (fits within 256 px).
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(256);
    expect(refused).toEqual([]);
  });

  test("'Find Out More' opens the application page in a new tab; a job with no way to apply here says how, and never that anything was sent", async ({
    page,
    request,
  }) => {
    const jobs = await allJobs(request);
    const withLink = jobs.find((j) => jobApplyMethod(j) === 'link')!;
    const noWayHere = jobs.find((j) => jobApplyMethod(j) === 'none')!;

    await page.goto(`/?q=${encodeURIComponent(withLink.title)}`);
    const link = cardOf(page, withLink).getByRole('link', { name: /Find Out More/ });
    // Through the board's counter (docs/product.md#numbers), which sends the browser on to the
    // job's own address: a card's click counted for the board.
    await expect(link).toHaveAttribute('href', `/jobs/${withLink.id}/apply?via=board`);
    const hop = await request.get(`/jobs/${withLink.id}/apply`, { maxRedirects: 0 });
    expect(hop.status()).toBe(303);
    expect(hop.headers()['location']).toBe(withLink.applicationUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);

    // A job that takes no application on the board (issue 42): no apply button at all, where
    // there used to be one that said 'Application Submitted' though nothing was sent.
    await page.goto(`/?q=${encodeURIComponent(noWayHere.title)}`);
    const card = cardOf(page, noWayHere);
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: /Find Out More|Apply/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /Find Out More|Apply/ })).toHaveCount(0);
    // Its page says how to apply, in its own words or that the listing does not say.
    await card.getByText(noWayHere.company.name).first().click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${noWayHere.id}\\?q=`));
    const modal = dialog(page);
    await expect(
      modal.getByRole('heading', { name: APPLICATION_MESSAGES.howToApplyHeading }),
    ).toBeVisible();
    await expect(modal).toContainText(
      noWayHere.apply?.howToApply?.trim() || APPLICATION_MESSAGES.noWayToApply,
    );
    await expect(modal.getByRole('link', { name: /View Job Posting|Apply/ })).toHaveCount(0);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(page.getByText('Application Submitted')).toHaveCount(0);
  });

  test('a click on the card opens its modal at /jobs/{id}; Escape and Close return', async ({
    page,
    request,
  }) => {
    const [job] = await firstPage(request);
    await page.goto('/');
    await cardOf(page, job!).getByText(job!.company.name).first().click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${job!.id}$`));
    const modal = dialog(page);
    await expect(modal.getByRole('heading', { name: job!.title })).toBeVisible();
    for (const section of ['Job Description', 'About the Company']) {
      await expect(modal.getByRole('heading', { name: section })).toBeVisible();
    }
    for (const [section, items] of [
      ['Responsibilities', job!.responsibilities],
      ['Requirements', job!.requirements],
      ['Benefits', job!.benefits],
    ] as const) {
      await expect(modal.getByRole('heading', { name: section })).toHaveCount(items.length ? 1 : 0);
    }
    await expect(modal.getByRole('link', { name: /View Job Posting/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    if (job!.company.websiteUrl) {
      await expect(modal.getByRole('link', { name: /Visit Company Website/ })).toBeVisible();
    }
    // At most 85% of the window high.
    const box = (await modal.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(0.85 * page.viewportSize()!.height + 1);
    await expectAccessible(page);

    // Focus stays inside the dialog.
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);

    await cardOf(page, job!).getByRole('link', { name: job!.title }).click();
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('/jobs/{id} loaded directly opens the job even when it is not on the page', async ({
    page,
    request,
  }) => {
    const onFirstPage = new Set((await firstPage(request)).map((j) => j.id));
    const elsewhere = (await allJobs(request)).find((j) => !onFirstPage.has(j.id))!;
    await page.goto(`/jobs/${elsewhere.id}`);
    const modal = dialog(page);
    await expect(modal.getByRole('heading', { name: elsewhere.title })).toBeVisible();
    await expect(modal).toContainText(elsewhere.company.name);
    await expect(page).toHaveTitle(new RegExp(`^${elsewhere.title} at `));
    // The board is behind it.
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
    await expectCount(page, (await allJobs(request)).length);

    // An id that is not a job says so, and leads back.
    await page.goto('/jobs/999999999');
    await expect(modal.getByRole('heading', { name: 'Job not found' })).toBeVisible();
    await modal.getByRole('button', { name: 'Back to all jobs' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an expired job keeps its URL and says it no longer takes applications', async ({
    page,
    request,
  }) => {
    // Expired jobs leave the lists; the API still answers for their id.
    const jobs = await allJobs(request);
    const job = jobs[0]!;
    await page.route(`**/api/jobs/${job.id}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Job;
      await route.fulfill({ response, json: { ...body, expired: true } });
    });
    // Opened within the site: a job reached by its own address comes with the page, unchanged.
    await page.goto('/?q=zzzxqwv');
    await expect(page.getByText('No jobs found')).toBeVisible();
    await untilLive(page); // the popstate below is the live page's router's
    await page.evaluate((url) => {
      window.history.pushState({}, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/jobs/${job.id}?q=zzzxqwv`);
    const modal = dialog(page);
    await expect(modal).toContainText('This job is no longer accepting applications.');
    await expect(modal.getByRole('link', { name: /View Job Posting/ })).toHaveCount(0);
  });
});

test.describe('bookmarks', () => {
  test('toggle on a card and in the modal, kept over a reload, listed on /bookmarks', async ({
    page,
    request,
  }) => {
    const [first, second] = await firstPage(request);
    await page.goto('/bookmarks');
    await expect(page.getByText('You have no bookmarked jobs yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Browse jobs' }).click();
    await expect(page).toHaveURL(/\/$/);

    const firstBookmark = bookmarkOf(cardOf(page, first!));
    await expect(firstBookmark).toHaveAttribute('aria-pressed', 'false');
    await firstBookmark.click();
    await expect(firstBookmark).toHaveAttribute('aria-pressed', 'true');
    await expect(firstBookmark).toHaveText(/Bookmarked/);
    await expect(page).toHaveURL(/\/$/); // the card did not open

    // In the modal of the second job.
    await cardOf(page, second!).getByRole('link', { name: second!.title }).click();
    const modalBookmark = bookmarkOf(dialog(page));
    await modalBookmark.click();
    await expect(modalBookmark).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(bookmarkOf(cardOf(page, second!))).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(bookmarkOf(cardOf(page, first!))).toHaveAttribute('aria-pressed', 'true');
    const stored = await page.evaluate(() => localStorage.getItem('job_board_bookmarks'));
    expect(JSON.parse(stored!)).toEqual([first!.id, second!.id]);

    await page.getByRole('link', { name: 'My Bookmarks' }).click();
    await expect(page).toHaveURL(/\/bookmarks$/);
    await expect(page.getByRole('heading', { name: 'My Bookmarks', level: 1 })).toBeVisible();
    // Most recently bookmarked first.
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).first()).toHaveAttribute('data-job-id', second!.id);
    await expectAccessible(page);

    // Removing one here takes it off the list at once.
    await bookmarkOf(cardOf(page, second!)).click();
    await expect(cards(page)).toHaveCount(1);
    await page.reload();
    await expect(cards(page)).toHaveCount(1);
    await bookmarkOf(cardOf(page, first!)).click();
    await expect(page.getByText('You have no bookmarked jobs yet.')).toBeVisible();
  });

  test('a broken localStorage never breaks the board', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('job_board_bookmarks', '{not json');
      Storage.prototype.setItem = () => {
        throw new Error('QuotaExceededError');
      };
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    const bookmark = bookmarkOf(cards(page).first());
    await bookmark.click();
    // The toggle still works for this visit; the failure is only logged.
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    expect(errors).toEqual([]);
  });
});

test.describe('the recent job list', () => {
  test('groups the last 10 days by category in the order of docs/product.md#routes-and-screens', async ({
    page,
    request,
  }) => {
    const recent = (await (await request.get('/api/jobs/recent')).json()) as Job[];
    expect(recent.length).toBeGreaterThan(0);
    await page.goto('/job-list');
    await expect(page.getByRole('heading', { name: 'Job List', level: 1 })).toBeVisible();
    await expect(page.getByText('last 10 days')).toBeVisible();
    await expect(page.getByTestId('recent-count')).toHaveText(
      `${recent.length} ${recent.length === 1 ? 'job' : 'jobs'}`,
    );
    await expect(page.getByText(/^Last updated /)).toBeVisible();

    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    const order: string[] = [...RECENT_LIST_CATEGORY_ORDER, RECENT_LIST_OTHER_GROUP];
    expect(headings.length).toBeGreaterThan(1);
    expect(headings.map((h) => order.indexOf(h))).toEqual(
      headings.map((h) => order.indexOf(h)).sort((a, b) => a - b),
    );
    expect(headings.every((h) => order.includes(h))).toBe(true);

    const byTitle = new Map(recent.map((job) => [job.title, job]));
    const listed = new Set<string>();
    for (const heading of headings) {
      const group = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
      const entries = await group.getByRole('listitem').all();
      const posted: number[] = [];
      for (const entry of entries) {
        const link = entry.getByRole('link');
        const job = byTitle.get((await link.textContent())!)!;
        expect(job).toBeDefined();
        listed.add(job.id);
        // 'title : company (loc / loc)', the title linking to the job's own page with the
        // list's channel (issue 44): a reader of the copied list is counted for it.
        const places = job.locations.join(' / ');
        await expect(entry).toHaveText(
          `${job.title} : ${job.company.name}${places ? ` (${places})` : ''}`,
        );
        await expect(link).toHaveAttribute('href', `/jobs/${job.id}?via=list`);
        // The job belongs here: one of its categories contains the heading (any case), or none
        // matches any heading and this is Other.
        const labels = job.category.map((c) => c.toLowerCase());
        if (heading === RECENT_LIST_OTHER_GROUP) {
          expect(
            labels.some((l) => RECENT_LIST_CATEGORY_ORDER.some((h) => l.includes(h.toLowerCase()))),
          ).toBe(false);
        } else {
          expect(labels.some((l) => l.includes(heading.toLowerCase()))).toBe(true);
        }
        posted.push(Date.parse(job.postedDate));
      }
      expect(posted).toEqual([...posted].sort((a, b) => b - a)); // newest first
    }
    expect(listed.size).toBe(recent.length);
    await expectAccessible(page);
  });

  test('Refresh Now fetches again; auto-refresh toggles', async ({ page }) => {
    await page.goto('/job-list');
    await expect(page.getByTestId('recent-count')).toBeVisible();
    const refreshed = page.waitForRequest('**/api/jobs/recent/lines');
    await page.getByRole('button', { name: 'Refresh Now' }).click();
    await refreshed;
    const toggle = page.getByRole('button', { name: 'Disable Auto-refresh' });
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Enable Auto-refresh' })).toBeVisible();
  });
});

test.describe('by keyboard alone', () => {
  test('search, filter, sort, open a job, bookmark it and close it', async ({ page, request }) => {
    await page.goto('/');
    await expect(cards(page).first()).toBeVisible();
    // From the top of the page, Tab reaches the search box.
    await tabUntil(searchBox(page));
    await page.keyboard.type('grants');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?q=grants$/);
    // On a busy machine the search's page may still be coming alive: the filters after that.
    await untilLive(page);

    // A filter checkbox with Space, then Apply Filters with Enter.
    const panel = filterPanel(page);
    const first = panel.getByRole('checkbox').first();
    await tabUntil(first);
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
    await tabUntil(panel.getByRole('button', { name: 'Apply Filters' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/category=/);
    await tabUntil(panel.getByRole('button', { name: 'Reset Filters' }), 'backward');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);

    // The sort dropdown with the arrow keys.
    await tabUntil(sortSelect(page));
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/\?sort=salary-high$/);

    // A job's title link opens its modal; its bookmark toggles with Space; Escape closes.
    const [job] = (await searchApi(request, { sortOption: 'salary-high', pageSize: PAGE_SIZE }))
      .jobs;
    await tabUntil(cardOf(page, job!).getByRole('link', { name: job!.title }));
    await page.keyboard.press('Enter');
    const modal = dialog(page);
    await expect(modal.getByRole('heading', { name: job!.title })).toBeVisible();
    await tabUntil(bookmarkOf(modal));
    await page.keyboard.press('Space');
    await expect(bookmarkOf(modal)).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(bookmarkOf(cardOf(page, job!))).toHaveAttribute('aria-pressed', 'true');
    // Focus goes back to where the job was opened from.
    await expect(cardOf(page, job!).getByRole('link', { name: job!.title })).toBeFocused();
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the board fits, the filters fold, and a job opens', async ({ page, request }) => {
    const [job] = await firstPage(request);
    await page.goto('/');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    const panel = filterPanel(page);
    const apply = panel.getByRole('button', { name: 'Apply Filters' });
    await expect(apply).toBeHidden();
    await panel.getByRole('button', { name: 'Show filters' }).click();
    await expect(apply).toBeVisible();
    await panel.getByRole('checkbox', { name: 'Contract' }).check();
    await apply.click();
    await expect(page).toHaveURL(/\?contract=true$/);
    await panel.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL(/\/$/);

    await expect(searchBox(page)).toBeVisible();
    await cardOf(page, job!).getByRole('link', { name: job!.title }).click();
    const box = (await dialog(page).boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(375);
    expect(box.height).toBeLessThanOrEqual(0.85 * 740 + 1);
    await expectAccessible(page);
  });
});
