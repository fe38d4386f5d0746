import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { dialog } from '../support/board';
import { ADMIN } from '../support/site';

/**
 * Issue 15: what a crawler or link preview reads without JavaScript (the server's head and
 * JobPosting, a closed job's page), and the board's feed link for the search on screen.
 */

const CSRF = { 'x-requested-with': 'fetch' };

async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', { data: ADMIN, headers: CSRF });
  expect(login.ok(), await login.text()).toBe(true);
  return {
    create: async (job: Record<string, unknown>): Promise<string> => {
      const res = await request.post('/api/admin/jobs', {
        headers: CSRF,
        data: {
          organization: 'Discovery Test Org',
          description: 'A role for the discovery tests, long enough to be a real description.',
          category: ['Communications'],
          locations: ['Chicago, IL'],
          jobType: 'Full-time',
          via: 'Organization website',
          applicationUrl: 'https://example.org/apply',
          postedDate: new Date().toISOString().slice(0, 10),
          salaryMin: 50_000,
          salaryMax: 60_000,
          featured: false,
          ...job,
        },
      });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { id: string }).id;
    },
    remove: (id: string) => request.delete(`/api/admin/jobs/${id}`, { headers: CSRF }),
  };
}

test('a job page without JavaScript: head, JobPosting, and a closed job says so', async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const api = await adminApi(request);
  const open = await api.create({ title: `Open Role ${stamp}`, active: true });
  const closed = await api.create({ title: `Closed Role ${stamp}`, active: false });
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/jobs/${open}`);
    await expect(page).toHaveTitle(new RegExp(`^Open Role ${stamp} at Discovery Test Org \\| `));
    await expect(dialog(page).getByRole('heading', { name: `Open Role ${stamp}` })).toBeVisible();
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
    );
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: `Open Role ${stamp}`,
      employmentType: 'FULL_TIME',
      hiringOrganization: { name: 'Discovery Test Org' },
    });
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      await page.title(),
    );

    await page.goto(`/jobs/${closed}`);
    await expect(page).toHaveTitle(/^This job is closed \| /);
    await expect(dialog(page)).toContainText('This job is no longer accepting applications.');
    await expect(page.getByText(`Closed Role ${stamp}`)).toHaveCount(0);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  } finally {
    await context.close();
    await api.remove(open);
    await api.remove(closed);
  }
});

test('a closed job stays closed once the page is live, with no hydration error', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const closed = await api.create({ title: `Closed Live ${Date.now()}`, active: false });
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  try {
    await page.goto(`/jobs/${closed}`);
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    await expect(dialog(page).getByRole('heading', { name: 'This job is closed' })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Back to all jobs' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
  } finally {
    await api.remove(closed);
  }
});

test("the board links the feed of the search on screen, and it lists the search's jobs", async ({
  page,
  request,
}) => {
  await page.goto('/?remote=true');
  const rss = page.getByRole('link', { name: 'RSS feed of this search' });
  await expect(rss).toHaveAttribute('href', '/feed.xml?remote=true');
  const feed = await request.get('/feed.xml?remote=true');
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  const search = await request.post('/api/jobs/search', {
    data: { jobType: { remote: true }, pageSize: 50 },
  });
  const { jobs } = (await search.json()) as { jobs: { id: string }[] };
  const body = await feed.text();
  expect(jobs.length).toBeGreaterThan(0);
  // Each item links through the board with its channel (issue 44: counted as the feeds').
  for (const job of jobs) expect(body).toContain(`/jobs/${job.id}?via=feed</link>`);
});
