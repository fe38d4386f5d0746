import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The reference page drawn in Chromium (issue 46): Redoc runs under the page's own
 * Content-Security-Policy (no 'unsafe-eval', no inline script) and shows the endpoints'
 * summaries. Needs no built site: the API serves the page, its script and the document. The one
 * thing the policy refuses is Redoc's logo on its CDN (Redoc hides it when it does not load).
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let t: TestApp;
let browser: Browser;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
  await t.close();
});

describe(`the API reference page in Chromium on ${testDatabase}`, () => {
  it("draws the endpoints under the page's policy, nothing refused but Redoc's logo", async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    const errors: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => refused.push(text));
    // In the page (no DOM types here): each refusal of the policy, as the browser reports it.
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (event) =>
        window.reportViolation(event.violatedDirective + ' ' + event.blockedURI));`,
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${base}/api/docs`);
    const summary = ENDPOINTS.integratorSubmitListing.summary;
    // The operation's heading in the middle panel (the side menu's groups start closed).
    await page
      .locator('h2', { hasText: summary.slice(0, 40) })
      .first()
      .waitFor({ timeout: 30_000 });
    await expect(page.title()).resolves.toBe(`${t.config.site.boardName} API reference`);
    expect(errors).toEqual([]);
    expect(refused.filter((text) => !text.startsWith('img-src https://cdn.redoc.ly/'))).toEqual([]);
    expect(refused.every((text) => !/script-src|eval/.test(text))).toBe(true);
    await page.close();
  }, 60_000);
});
