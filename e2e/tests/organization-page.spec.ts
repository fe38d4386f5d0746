import type { APIRequestContext, Page } from '@playwright/test';
import { dialog } from '../support/board';
import { ADMIN } from '../support/site';
import { expect, test } from '../support/test';

/**
 * Issue 47: an organisation's page, `/organizations/{slug}`. The server draws it, head and
 * Organization JSON-LD included, before any script runs; then, live, a visitor opens a job, follows
 * its company's name to the organisation's page and from there to another of its jobs.
 */

const CSRF = { 'x-requested-with': 'fetch' };

/** Two live jobs of one new organisation and a closed one, written with the admin's form call. */
async function organisationWithJobs(request: APIRequestContext, stamp: number) {
  const login = await request.post('/api/admin/login', { data: ADMIN, headers: CSRF });
  expect(login.ok(), await login.text()).toBe(true);
  const organization = `Harbor Newsroom ${stamp}`;
  const create = async (title: string, active = true) => {
    const res = await request.post('/api/admin/jobs', {
      headers: CSRF,
      data: {
        title,
        organization,
        companyWebsite: 'https://harbor-newsroom.example',
        description: 'A role at a small newsroom, long enough to be a real description.',
        category: ['Communications'],
        locations: ['Baltimore, MD'],
        jobType: 'Full-time',
        via: 'Organization website',
        applicationUrl: 'https://harbor-newsroom.example/jobs',
        postedDate: new Date().toISOString().slice(0, 10),
        salaryMin: 50_000,
        salaryMax: 60_000,
        featured: false,
        active,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { id: string }).id;
  };
  const editor = await create(`Harbor Editor ${stamp}`);
  const reporter = await create(`Harbor Reporter ${stamp}`);
  await create(`Harbor Closed Role ${stamp}`, false);
  return { organization, slug: `harbor-newsroom-${stamp}`, editor, reporter };
}

async function jsonLd(page: Page) {
  return JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
  ) as Record<string, unknown>;
}

test("an organisation's page: drawn by the server, then reached live from a job", async ({
  browser,
  page,
  request,
}) => {
  const stamp = Date.now();
  const { organization, slug, editor, reporter } = await organisationWithJobs(request, stamp);
  const openJobs = (on: Page) => on.getByRole('region', { name: /^Open jobs/ });

  // Without JavaScript: the HTML the server sends, its head and structured data.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const drawn = await context.newPage();
    const answer = await drawn.goto(`/organizations/${slug}`);
    expect(answer?.status()).toBe(200);
    await expect(drawn).toHaveTitle(new RegExp(`^Jobs at ${organization} \\| `));
    await expect(drawn.getByRole('heading', { level: 1, name: organization })).toBeVisible();
    await expect(drawn.getByRole('link', { name: /harbor-newsroom\.example/ })).toHaveAttribute(
      'href',
      'https://harbor-newsroom.example',
    );
    await expect(openJobs(drawn).getByRole('link')).toHaveText([
      `Harbor Reporter ${stamp}`,
      `Harbor Editor ${stamp}`,
    ]);
    expect(await jsonLd(drawn)).toMatchObject({
      '@type': 'Organization',
      name: organization,
      url: expect.stringMatching(new RegExp(`/organizations/${slug}$`)),
      sameAs: 'https://harbor-newsroom.example',
    });
    // A job's page links its organisation, also before any script.
    await drawn.goto(`/jobs/${editor}`);
    await expect(dialog(drawn).getByRole('link', { name: organization })).toHaveAttribute(
      'href',
      `/organizations/${slug}`,
    );
    // An unknown organisation: the site's 404.
    const unknown = await drawn.goto(`/organizations/no-such-organisation-${stamp}`);
    expect(unknown?.status()).toBe(404);
    await expect(drawn.getByRole('heading', { name: 'Organization not found' })).toBeVisible();
  } finally {
    await context.close();
  }

  // Live: from the job to its organisation and on to its other job.
  await page.goto(`/jobs/${editor}`);
  const job = dialog(page);
  await expect(job.getByRole('heading', { name: `Harbor Editor ${stamp}` })).toBeVisible();
  await expect(job.getByRole('region', { name: 'Similar jobs' })).toBeVisible();
  await job.getByRole('link', { name: organization }).click();
  await expect(page).toHaveURL(new RegExp(`/organizations/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: organization })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Jobs at ${organization} \\| `));
  await openJobs(page)
    .getByRole('link', { name: `Harbor Reporter ${stamp}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${reporter}$`));
  await expect(
    dialog(page).getByRole('heading', { name: `Harbor Reporter ${stamp}` }),
  ).toBeVisible();
});
