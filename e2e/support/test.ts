import { test as base, type Page } from '@playwright/test';
import { E2eSite, setCurrentSite } from './site';

export { expect } from '@playwright/test';

/**
 * E2E_AS_A_SLOW_PHONE=1: every spec acts on a slow phone, as soon as the server's page shows
 * (docs/testing.md); the default waits for the page to be live, as a person reading it would.
 */
const AS_A_SLOW_PHONE = process.env.E2E_AS_A_SLOW_PHONE === '1';

/** Set on <html> by the shell once the page is live (shell/src/app/app-ready.ts). */
export const APP_READY = 'html[data-app-ready]';

/**
 * Waits for the page to be live. For the steps no person takes (a route that fails only the live
 * page's calls, a popstate sent by the test): even on a slow phone they are about the live page.
 */
export const untilLive = (page: Page) => page.locator(APP_READY).waitFor({ state: 'attached' });

/** The site of the spec file the worker runs now; a new one for the next file. */
class SiteSlot {
  private file: string | null = null;
  private site: E2eSite | null = null;

  async forFile(file: string): Promise<E2eSite> {
    if (this.site && this.file === file) return this.site;
    await this.stop();
    this.site = await E2eSite.start();
    this.file = file;
    setCurrentSite(this.site);
    return this.site;
  }

  async stop(): Promise<void> {
    const site = this.site;
    this.site = null;
    this.file = null;
    setCurrentSite(null);
    await site?.stop();
  }
}

interface SiteFixtures {
  /**
   * The site this spec file runs against (support/site.ts): started for the file's first test
   * that uses a page, a request or the site, on free ports with a fresh copy of the seeded
   * database, and stopped when the worker moves on to another file. No spec sees another's data.
   */
  site: E2eSite;
  /** True in a spec that starts a site of its own (members.spec.ts): no shared site then. */
  ownSite: boolean;
}

/**
 * Playwright's test, with the spec file's own site as `baseURL`, and a page whose `goto` and
 * `reload` return once the page is live. The server draws the first view, so it shows before the
 * browser has taken it over; a person takes a moment to read it, a test would click at once on
 * buttons that do nothing yet.
 */
export const test = base.extend<SiteFixtures, { siteSlot: SiteSlot }>({
  siteSlot: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const slot = new SiteSlot();
      await use(slot);
      await slot.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  ownSite: [false, { option: true }],
  // A site's start (its fakes, the server, a database copy) has its own time, not the test's.
  site: [
    async ({ siteSlot }, use, testInfo) => use(await siteSlot.forFile(testInfo.file)),
    { timeout: 150_000 },
  ],
  baseURL: [
    async ({ ownSite, siteSlot }, use, testInfo) => {
      if (ownSite) return use(undefined);
      await use((await siteSlot.forFile(testInfo.file)).url);
    },
    { scope: 'test', timeout: 150_000 },
  ],
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    if (AS_A_SLOW_PHONE) {
      // E2E_AS_A_SLOW_PHONE=1: the CPU 4x slower, and a test acts as soon as the server's page
      // is there, live or not (what issue 40 asks every page to take): nothing may be lost.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      return use(page);
    }
    const live = () => untilLive(page);
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
