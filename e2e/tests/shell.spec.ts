import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/** A gate for a held-back request: `held` settles once `release()` is called. */
function heldBack(): { held: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

/** Every route of docs/product.md#routes-and-screens and the remote that must render it. */
const ROUTES = [
  { path: '/', remote: 'mfe_board' },
  { path: '/jobs/1', remote: 'mfe_board' },
  { path: '/job-list', remote: 'mfe_board' },
  { path: '/privacy', remote: 'mfe_board' },
  { path: '/terms', remote: 'mfe_board' },
  { path: '/refunds', remote: 'mfe_board' },
  { path: '/bookmarks', remote: 'mfe_board' },
  { path: '/ghost-callback', remote: 'mfe_board' },
  { path: '/submit-job', remote: 'mfe_submit' },
  { path: '/admin/login', remote: 'mfe_admin' },
  { path: '/admin', remote: 'mfe_admin' },
  { path: '/admin/dashboard', remote: 'mfe_admin' },
  { path: '/admin/jobs/new', remote: 'mfe_admin' },
  { path: '/admin/jobs/edit/1', remote: 'mfe_admin' },
  { path: '/admin/jobs/view/1', remote: 'mfe_admin' },
  { path: '/admin/submissions', remote: 'mfe_admin' },
] as const;

async function expectFrame(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const item of ['Jobs', 'Submit Job', 'Resources', 'My Bookmarks', 'Subscribe']) {
    await expect(nav.getByRole('link', { name: item, exact: true })).toBeAttached();
  }
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('is a thing of');
  await expect(footer).toContainText('Questions?');
  await expect(footer.getByRole('link', { name: 'Follow us on Bluesky' })).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
  await expect(footer.getByRole('navigation', { name: 'Legal' }).getByRole('link')).toHaveText([
    'Privacy',
    'Terms',
    'Refunds',
  ]);
}

test.describe('the shell', () => {
  for (const { path, remote } of ROUTES) {
    test(`${path} shows the page frame and the ${remote} remote`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator(`[data-remote="${remote}"]`)).toBeVisible();
      if (path.startsWith('/jobs/')) {
        // The job's dialog hides the page behind it from assistive technology until it closes.
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.keyboard.press('Escape');
      }
      await expectFrame(page);
    });
  }

  test('the board home has the hero title and tagline', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Nonprofit Comms Jobs' }),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Find a great role in nonprofit communications or tech, content, news, fundraising and more',
      ),
    ).toBeVisible();
    await expect(page).toHaveTitle('Nonprofit Comms Jobs');
  });

  test('the legal pages: drawn on the server, linked from the footer, the form and the pay page', async ({
    page,
  }) => {
    // The server's HTML already has the page (the first view), before any script runs.
    const html = await (await page.request.get('/privacy')).text();
    expect(html).toContain('<title>Privacy policy | Nonprofit Comms Jobs</title>');
    expect(html).toContain('Browsing the board');
    await page.goto('/');
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
    await legal.getByRole('link', { name: 'Refunds' }).click();
    await expect(page).toHaveURL('/refunds');
    await expect(page.getByRole('heading', { level: 1, name: 'Refund policy' })).toBeVisible();
    await expect(page).toHaveTitle('Refund policy | Nonprofit Comms Jobs');
    await page.goto('/submit-job');
    await page.getByRole('link', { name: 'terms of use' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'refund policy' })).toHaveAttribute(
      'href',
      '/refunds',
    );
  });

  test('any other path is the 404 page, with a 404 status', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expectFrame(page);
  });

  test('the navigation marks the current item', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const current = nav.locator('[aria-current="page"]');
    await page.goto('/');
    await expect(current).toHaveText('Jobs');
    await nav.getByRole('link', { name: 'Submit Job' }).click();
    await expect(page).toHaveURL(/\/submit-job$/);
    await expect(current).toHaveText('Submit Job');
    await nav.getByRole('link', { name: 'My Bookmarks' }).click();
    await expect(current).toHaveText('My Bookmarks');
  });

  test('external links open the configured sites in a new tab', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Resources', 'Subscribe']) {
      const link = nav.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
  });

  test('on a 375 px screen the menu toggles and closes when a link is followed', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Submit Job' }).click();
    await expect(page).toHaveURL(/\/submit-job$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('every route change scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 300 });
    await page.goto('/submit-job');
    await expect(page.getByRole('heading', { name: 'Submit Your Job for Review' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My Bookmarks' })
      .click();
    await expect(page).toHaveURL(/\/bookmarks$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('lazy routes show their loading text while their page loads', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-remote="mfe_board"]')).toBeVisible();
    // Hold each page's code back until its loader has been seen on screen.
    const bookmarks = heldBack();
    const callback = heldBack();
    await page.route('**/__federation_expose_BookmarksPage*', async (route) => {
      await bookmarks.held;
      await route.continue();
    });
    await page.route('**/__federation_expose_MemberCallbackPage*', async (route) => {
      await callback.held;
      await route.continue();
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My Bookmarks' })
      .click();
    await expect(page.getByText('Loading your bookmarked jobs...')).toBeVisible();
    bookmarks.release();
    await expect(page.getByRole('heading', { name: 'My Bookmarks' })).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/ghost-callback');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('Authenticating with Ghost...')).toBeVisible();
    callback.release();
  });
});

test.describe('toasts', () => {
  const viewport = (page: Page) => page.getByRole('region', { name: /Notifications/ });

  test('a toast raised inside a remote shows in the shell viewport, one at a time', async ({
    page,
  }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    const toasts = viewport(page).getByTestId('toast');
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toContainText('Authentication Error');
    await expect(toasts.first()).toContainText('Please login to access the admin dashboard');
    // A second toast replaces the first: never more than one on screen.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/admin/submissions');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(toasts).toHaveCount(1);
  });

  test('F8 focuses the toast viewport', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(viewport(page).getByTestId('toast')).toHaveCount(1);
    await page.keyboard.press('F8');
    await expect(viewport(page).locator('ol')).toBeFocused();
  });

  /**
   * /admin/dashboard's toast ('Authentication Error') on a page whose clock is ours: stopped from
   * the start, and moved by hand. The viewport's code loads once the page is idle, and React shows
   * it on timers of its own: the clock moves a tenth of a second at a time until the toast is
   * there. Its own 5 seconds start then, so at most 0.1 s of them have passed.
   */
  async function toastOnStoppedClock(page: Page) {
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto('/admin/dashboard');
    const toast = viewport(page).getByTestId('toast');
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return toast.isVisible();
      })
      .toBe(true);
    return toast;
  }

  test('a toast closes by itself after 5 seconds', async ({ page }) => {
    const toast = await toastOnStoppedClock(page);
    await page.clock.runFor(3800);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1200);
    await expect(toast).toBeHidden();
  });

  test('a swipe right of more than 50 px dismisses a toast', async ({ page }) => {
    // The clock stands still: the toast cannot close by itself, only the swipe can close it.
    const toast = await toastOnStoppedClock(page);
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, y, { steps: 5 });
    await page.mouse.move(box.x + 100, y, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toBeHidden();
  });
});
