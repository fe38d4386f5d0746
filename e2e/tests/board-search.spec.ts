import { PAGE_SIZE } from '@jobboard/contract/common';
import type { Page } from '@playwright/test';
import { expect, test, untilLive } from '../support/test';
import {
  allJobs,
  cardIds,
  cards,
  countHeading,
  annualOfCard,
  expectCards,
  expectCount,
  filterPanel,
  pagination,
  searchApi,
  searchBox,
  sortSelect,
} from '../support/board';

/** What each card of the list shows, over every page (moving with Next). */
async function everyCardShown(page: Page) {
  const shown: { id: string; featured: boolean; salary: string | null; posted: string }[] = [];
  for (;;) {
    await expect(cards(page).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    shown.push(
      ...(await cards(page).evaluateAll((els) =>
        els.map((el) => ({
          id: (el as HTMLElement).dataset.jobId!,
          featured: el.querySelector('h3')!.textContent!.startsWith('★'),
          salary: el.querySelector('[data-testid="job-salary"]')?.textContent ?? null,
          posted: /Posted (.+?, \d{4})/.exec(el.textContent!)![1]!,
        })),
      )),
    );
    const next = pagination(page).getByRole('button', { name: 'Next' });
    if (!(await next.isVisible()) || (await next.isDisabled())) return shown;
    const first = await cards(page).first().getAttribute('data-job-id');
    await next.click();
    await expect(cards(page).first()).not.toHaveAttribute('data-job-id', first!);
  }
}

const nonIncreasing = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);

test.describe('the board home', () => {
  test('lists the demo jobs, ten to a page, featured first', async ({ page, request }) => {
    const jobs = await allJobs(request);
    await page.goto('/');
    await expectCount(page, jobs.length);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const featured = jobs.filter((j) => j.featured).length;
    const stars = await cards(page).evaluateAll((els) =>
      els.map((el) => el.querySelector('h3')!.textContent!.startsWith('★')),
    );
    expect(stars.slice(0, featured)).toEqual(Array(Math.min(featured, PAGE_SIZE)).fill(true));
  });

  test('searches with the button, with Enter, and clears', async ({ page, request }) => {
    await page.goto('/');
    await searchBox(page).fill('grants');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/\?q=grants$/);
    const grants = await searchApi(request, { query: 'grants' });
    expect(grants.total).toBeGreaterThan(0);
    await expectCount(page, grants.total);
    await expectCards(page, grants.jobs.slice(0, PAGE_SIZE));

    await searchBox(page).fill('Riverbend Public Media');
    await searchBox(page).press('Enter');
    const riverbend = await searchApi(request, { query: 'Riverbend Public Media' });
    await expectCount(page, riverbend.total);
    for (const card of await cards(page).all()) await expect(card).toContainText('Riverbend');

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(searchBox(page)).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
    await expectCount(page, (await allJobs(request)).length);
  });

  test('filters by each part of the panel; Apply pushes the draft, Reset restores at once', async ({
    page,
    request,
  }) => {
    const everyJob = (await allJobs(request)).length;
    await page.goto('/');
    const panel = filterPanel(page);
    const applyFilters = () => panel.getByRole('button', { name: 'Apply Filters' }).click();
    const resetFilters = async () => {
      await panel.getByRole('button', { name: 'Reset Filters' }).click();
      await expect(page).toHaveURL(/\/$/);
    };
    const expectSameAs = async (body: Parameters<typeof searchApi>[1]) => {
      const expected = await searchApi(request, body);
      await expectCount(page, expected.total);
      await expectCards(page, expected.jobs.slice(0, PAGE_SIZE));
      return expected;
    };

    // Category: the counter, and nothing happens before Apply.
    const category = panel.getByRole('group', { name: /Category/ });
    await category.getByRole('checkbox', { name: 'Fundraising' }).check();
    await category.getByRole('checkbox', { name: 'Philanthropy' }).check();
    await expect(category).toContainText('2 selected');
    await expectCount(page, everyJob);
    await applyFilters();
    await expect(page).toHaveURL(/\?category=Fundraising&category=Philanthropy$/);
    await expectSameAs({ category: ['Fundraising', 'Philanthropy'] });
    await resetFilters();
    await expectCount(page, everyJob);
    await expect(category.getByRole('checkbox', { name: 'Fundraising' })).not.toBeChecked();
    await expect(category).toContainText('0 selected');

    // Location.
    await panel.getByLabel('Location').selectOption('Remote');
    await applyFilters();
    await expect(page).toHaveURL(/\?location=Remote$/);
    await expectSameAs({ location: 'Remote' });
    for (const card of await cards(page).all()) await expect(card).toContainText('Remote');
    await resetFilters();

    // Job types.
    await panel.getByRole('checkbox', { name: 'Part-time' }).check();
    await panel.getByRole('checkbox', { name: 'Contract' }).check();
    await applyFilters();
    await expect(page).toHaveURL(/\?partTime=true&contract=true$/);
    await expectSameAs({ jobType: { partTime: true, contract: true } });
    for (const card of await cards(page).all())
      await expect(card).toContainText(/Part-time|Contract/);
    await resetFilters();
    await panel.getByRole('checkbox', { name: 'Full-time' }).check();
    await applyFilters();
    await expectSameAs({ jobType: { fullTime: true } });
    await resetFilters();

    // Remote.
    await panel.getByRole('checkbox', { name: 'Remote' }).check();
    await applyFilters();
    await expect(page).toHaveURL(/\?remote=true$/);
    const remote = await expectSameAs({ jobType: { remote: true } });
    expect(remote.jobs.every((j) => j.remote)).toBe(true);
    await resetFilters();

    // Hybrid (issue 47): the demo board has one, within the places it names.
    await panel.getByRole('checkbox', { name: 'Hybrid' }).check();
    await applyFilters();
    await expect(page).toHaveURL(/\?hybrid=true$/);
    const hybrid = await expectSameAs({
      workplace: { onSite: false, hybrid: true, remote: false },
    });
    expect(hybrid.jobs.length).toBeGreaterThan(0);
    expect(hybrid.jobs.every((j) => j.workplaceType === 'hybrid')).toBe(true);
    await resetFilters();

    // Experience.
    await panel.getByRole('checkbox', { name: 'Senior level' }).check();
    await panel.getByRole('checkbox', { name: 'Entry level' }).check();
    await applyFilters();
    await expect(page).toHaveURL(/\?entry=true&senior=true$/);
    await expectSameAs({ experience: { entry: true, senior: true } });
    await resetFilters();

    // Salary range.
    await panel.getByLabel('Salary Range').selectOption('100k-plus');
    await applyFilters();
    await expect(page).toHaveURL(/\?salary=100k-plus$/);
    await expectSameAs({ salaryRange: '100k-plus' });
    // A year's pay of $100,000 and up, whatever its period ('$55 - $70 an hour' is $145,600).
    for (const card of await cards(page).all()) {
      const annual = annualOfCard((await card.getByTestId('job-salary').textContent()) ?? '');
      expect(annual?.high).toBeGreaterThanOrEqual(100_000);
    }

    // Reset also clears the search and the order, and applies at once.
    await searchBox(page).fill('director');
    await sortSelect(page).selectOption('salary-low');
    await expect(page).toHaveURL(/q=director/);
    await resetFilters();
    await expect(searchBox(page)).toHaveValue('');
    await expect(sortSelect(page)).toHaveValue('recent');
    await expectCount(page, everyJob);
  });

  test('Highest Salary: annual pay never goes up, jobs without one last', async ({
    page,
    request,
  }) => {
    const everyJob = (await allJobs(request)).length;
    await page.goto('/');
    await sortSelect(page).selectOption('salary-high');
    await expect(page).toHaveURL(/\?sort=salary-high$/);
    const shown = await everyCardShown(page);
    expect(shown).toHaveLength(everyJob);
    // Pay is compared by its annual equivalent (an hour's times 2,080); stipends, fixed fees and
    // jobs without pay have none and come last.
    const compared = shown.filter((c) => annualOfCard(c.salary));
    expect(compared.length).toBeGreaterThan(0);
    expect(shown.slice(0, compared.length)).toEqual(compared);
    expect(nonIncreasing(compared.map((c) => annualOfCard(c.salary)!.high))).toBe(true);
  });

  test('Lowest Salary: annual pay never goes down, jobs without one last', async ({ page }) => {
    await page.goto('/?sort=salary-low');
    await expect(sortSelect(page)).toHaveValue('salary-low');
    const shown = await everyCardShown(page);
    const compared = shown.filter((c) => annualOfCard(c.salary));
    expect(shown.slice(0, compared.length)).toEqual(compared);
    expect(nonIncreasing(compared.map((c) => -annualOfCard(c.salary)!.low))).toBe(true);
  });

  test('Most Recent (the default): featured first, then newest first', async ({
    page,
    request,
  }) => {
    const featuredJobs = (await allJobs(request)).filter((j) => j.featured).length;
    await page.goto('/?sort=relevance');
    await sortSelect(page).selectOption('recent');
    await expect(page).toHaveURL(/\/$/); // the default order is not written
    const shown = await everyCardShown(page);
    const featured = shown.filter((c) => c.featured);
    expect(featured).toHaveLength(featuredJobs);
    expect(shown.slice(0, featuredJobs)).toEqual(featured);
    for (const block of [featured, shown.slice(featuredJobs)]) {
      expect(nonIncreasing(block.map((c) => Date.parse(c.posted)))).toBe(true);
    }
  });

  test('Most Relevant: featured first, then the best text matches', async ({ page, request }) => {
    await page.goto('/?q=data');
    await sortSelect(page).selectOption('relevance');
    await expect(page).toHaveURL(/\?q=data&sort=relevance$/);
    const expected = await searchApi(request, { query: 'data', sortOption: 'relevance' });
    await expectCards(page, expected.jobs.slice(0, PAGE_SIZE));
    const stars = await cards(page).evaluateAll((els) =>
      els.map((el) => el.querySelector('h3')!.textContent!.startsWith('★')),
    );
    expect(stars).toEqual([...stars].sort((a, b) => Number(b) - Number(a)));
  });

  test('pagination is bounded at both ends and the count matches', async ({ page, request }) => {
    const total = (await allJobs(request)).length;
    const pages = Math.ceil(total / PAGE_SIZE);
    await page.goto('/');
    const previous = pagination(page).getByRole('button', { name: 'Previous' });
    const next = pagination(page).getByRole('button', { name: 'Next' });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    const first = await cardIds(page);
    await next.click();
    await expect(pagination(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect.poll(() => cardIds(page)).not.toEqual(first);
    // Next goes from page 1's cursor (issue 31), and the address keeps it with the page.
    await expect(page).toHaveURL(/\/\?page=2&after=[\w-]+$/);
    await pagination(page)
      .getByRole('button', { name: `Page ${pages}` })
      .click();
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await expect(cards(page)).toHaveCount(total - (pages - 1) * PAGE_SIZE);
    await expectCount(page, total);
    // The page is in the address (issue 30): a reload keeps it, and back returns to page 2. (The
    // page after the one shown goes by its cursor; any other by its number.)
    await expect(page).toHaveURL(new RegExp(`/\\?page=${pages}(&after=[\\w-]+)?$`));
    const last = await cardIds(page);
    await page.reload();
    await expect.poll(() => cardIds(page)).toEqual(last);
    await expect(pagination(page).getByRole('button', { name: `Page ${pages}` })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.goBack();
    await expect(page).toHaveURL(/\/\?page=2&after=[\w-]+$/);
    await expect(pagination(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the address carries the search: shared link, reload, back and forward', async ({
    page,
    request,
  }) => {
    await page.goto('/?q=editor&fullTime=true&category=News+and+Audience&sort=salary-low');
    const editor = await searchApi(request, {
      query: 'editor',
      jobType: { fullTime: true },
      category: ['News and Audience'],
      sortOption: 'salary-low',
    });
    await expectCount(page, editor.total);
    await expectCards(page, editor.jobs.slice(0, PAGE_SIZE));
    await expect(searchBox(page)).toHaveValue('editor');
    await expect(sortSelect(page)).toHaveValue('salary-low');
    const panel = filterPanel(page);
    await expect(panel.getByRole('checkbox', { name: 'Full-time' })).toBeChecked();
    await expect(panel.getByRole('checkbox', { name: 'News and Audience' })).toBeChecked();

    await page.reload();
    await expectCards(page, editor.jobs.slice(0, PAGE_SIZE));
    await expect(searchBox(page)).toHaveValue('editor');

    await searchBox(page).fill('climate');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/q=climate/);
    const climate = await searchApi(request, {
      query: 'climate',
      jobType: { fullTime: true },
      category: ['News and Audience'],
      sortOption: 'salary-low',
    });
    await expectCount(page, climate.total);

    await page.goBack();
    await expect(page).toHaveURL(/q=editor/);
    await expect(searchBox(page)).toHaveValue('editor');
    await expectCount(page, editor.total);
    await page.goForward();
    await expect(searchBox(page)).toHaveValue('climate');
    await expectCount(page, climate.total);
  });

  test('says when nothing matches', async ({ page }) => {
    await page.goto('/?q=zzzxqwv');
    await expect(page.getByText('No jobs found')).toBeVisible();
    await expect(
      page.getByText('Try adjusting your search filters or try a different search term.'),
    ).toBeVisible();
    await expect(countHeading(page)).toHaveText('0 Job Opportunities');
    await expect(pagination(page)).toHaveCount(0);
  });

  test('a failed search says so and can be tried again', async ({ page, request }) => {
    let fail = true;
    await page.route('**/api/jobs/search', (route) =>
      fail ? route.fulfill({ status: 500, body: '{"message":"down"}' }) : route.continue(),
    );
    // The first page comes with the page itself (no request); the next search asks the API. (A
    // search pressed before the page is live is the server's, which does not fail: see
    // before-live.spec.ts.)
    await page.goto('/');
    await untilLive(page);
    await searchBox(page).fill('editor');
    await searchBox(page).press('Enter');
    const toast = page.getByRole('region', { name: /Notifications/ }).getByTestId('toast');
    await expect(toast).toContainText('Failed to search jobs. Please try again.');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectCount(page, (await searchApi(request, { query: 'editor' })).total);
  });
});
