import {
  DEFAULT_CURRENCY,
  annualPay,
  readPayText,
  type Job,
  type SearchRequest,
  type SearchResponse,
} from '@jobboard/contract/jobs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Helpers of the board's end-to-end tests (board-*.spec.ts), against the demo data. */

export const cards = (page: Page) => page.getByTestId('job-card');
export const countHeading = (page: Page) =>
  page.getByRole('heading', { name: /^(\d+ )?Job Opportunities$/ });
export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search jobs' });
export const sortSelect = (page: Page) => page.getByRole('combobox', { name: 'Sort by' });
export const filterPanel = (page: Page) => page.getByRole('region', { name: 'Filters' });
export const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
export const dialog = (page: Page) => page.getByRole('dialog');

/** What the API answers for a filter, to check the page against (every match, one page). */
export async function searchApi(
  request: APIRequestContext,
  body: Partial<Omit<SearchRequest, 'jobType' | 'experience'>> & {
    jobType?: Partial<SearchRequest['jobType']>;
    experience?: Partial<SearchRequest['experience']>;
  },
): Promise<SearchResponse> {
  const response = await request.post('/api/jobs/search', { data: { pageSize: 100, ...body } });
  expect(response.ok()).toBe(true);
  return response.json();
}

export async function allJobs(request: APIRequestContext): Promise<Job[]> {
  return (await request.get('/api/jobs')).json();
}

/** The ids of the cards on screen, in order (each card carries `data-job-id`). */
export async function cardIds(page: Page): Promise<string[]> {
  await expect(cards(page).first()).toBeVisible();
  return cards(page).evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.jobId!));
}

/** Waits until the list shows exactly these jobs, in this order. */
export async function expectCards(page: Page, jobs: Pick<Job, 'id'>[]) {
  await expect
    .poll(() =>
      cards(page).evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.jobId)),
    )
    .toEqual(jobs.map((j) => j.id));
}

export async function expectCount(page: Page, total: number) {
  await expect(countHeading(page)).toHaveText(`${total} Job Opportunities`);
}

/** A job's card on screen. */
export const cardOf = (page: Page, job: Pick<Job, 'id'>): Locator =>
  page.locator(`[data-testid="job-card"][data-job-id="${job.id}"]`);

/**
 * The annual equivalent of a card's pay line, read back by the contract ('$25 - $30 an hour' ->
 * 52,000 to 62,400); null for a stipend, a fixed fee, words, or no pay.
 */
export function annualOfCard(
  text: string | null | undefined,
): { low: number; high: number } | null {
  const read = text ? readPayText(text) : null;
  return read ? annualPay({ ...read, currency: DEFAULT_CURRENCY }, DEFAULT_CURRENCY) : null;
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}
