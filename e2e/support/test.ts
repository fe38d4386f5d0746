import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/** Set on <html> by the shell once the page is live (shell/src/app/app-ready.ts). */
export const APP_READY = 'html[data-app-ready]';

/**
 * Playwright's test, with a page whose `goto` and `reload` return once the page is live. The
 * server draws the first view, so it shows before the browser has taken it over; a person takes a
 * moment to read it, a test would click at once on buttons that do nothing yet.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const live = () => page.locator(APP_READY).waitFor({ state: 'attached' });
    page.goto = async (...args) => {
      const response = await goto(...args);
      await live();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await live();
      return response;
    };
    await use(page);
  },
});
