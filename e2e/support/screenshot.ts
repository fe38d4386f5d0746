import type { Page, TestInfo } from '@playwright/test';

/**
 * A full-page screenshot for a closing note or a reviewer: kept in the test's output folder
 * (`e2e/test-results/...`) and attached to the report, never written outside the run.
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
