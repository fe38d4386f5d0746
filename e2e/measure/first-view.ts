/**
 * Measures the board home as a visitor meets it, against a running production site
 * (`pnpm start`, or MEASURE_URL):
 *  - the time from navigation start to the first job card on screen, cold (a fresh browser
 *    context, nothing cached) and warm (the same context loading `/` again), over RUNS runs;
 *  - the compressed JavaScript each app (shell, mfe-board, ...) ships for that first view.
 *
 *   pnpm --filter e2e measure            (site on http://localhost:3000)
 *   MEASURE_URL=http://localhost:4000 MEASURE_RUNS=9 pnpm --filter e2e measure
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/site';

const URL_TO_MEASURE = process.env.MEASURE_URL ?? 'http://localhost:3000/';
const RUNS = Number(process.env.MEASURE_RUNS ?? 5);
const CARD = '[data-testid="job-card"]';

/**
 * Records, in the page itself, the moment the first job card is added to the document. A string,
 * not a function: tsx's transpiled functions call helpers that do not exist in the page.
 */
const WATCH_FOR_FIRST_CARD = `
  new MutationObserver((_, observer) => {
    if (window.firstCardAt === undefined && document.querySelector('${CARD}')) {
      window.firstCardAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function timeToFirstCard(page: Page): Promise<number> {
  await page.goto(URL_TO_MEASURE);
  await page.waitForSelector(CARD);
  return page.evaluate('window.firstCardAt') as Promise<number>;
}

/** The app a script belongs to, from its path (/shell/..., /remotes/mfe-board/...). */
function appOf(url: string): string {
  const match = /\/(shell|mfe-board|mfe-submit|mfe-admin|mfe_board|mfe_submit|mfe_admin)\//.exec(
    new URL(url).pathname,
  );
  return match ? match[1]!.replace('_', '-') : new URL(url).pathname;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const cold: number[] = [];
const warm: number[] = [];
let scripts = new Map<string, { files: number; bytes: number }>();

for (let run = 0; run < RUNS; run += 1) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(WATCH_FOR_FIRST_CARD);
  const page = await context.newPage();
  const seen: Promise<void>[] = [];
  const bytesByApp = new Map<string, { files: number; bytes: number }>();
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    seen.push(
      request.sizes().then(({ responseBodySize }) => {
        const app = appOf(request.url());
        const entry = bytesByApp.get(app) ?? { files: 0, bytes: 0 };
        bytesByApp.set(app, { files: entry.files + 1, bytes: entry.bytes + responseBodySize });
      }),
    );
  });
  cold.push(await timeToFirstCard(page));
  await page.waitForLoadState('networkidle');
  await Promise.all(seen);
  if (run === 0) scripts = bytesByApp;
  page.removeAllListeners('requestfinished');
  warm.push(await timeToFirstCard(page));
  await context.close();
}
await browser.close();

const ms = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
console.log(`Time to the first job card on ${URL_TO_MEASURE} (${RUNS} runs)`);
console.log(`  cold: median ${Math.round(median(cold))} ms  [${ms(cold)}]`);
console.log(`  warm: median ${Math.round(median(warm))} ms  [${ms(warm)}]`);
console.log('JavaScript for the first view, as transferred (compressed):');
let total = 0;
for (const [app, { files, bytes }] of [...scripts].sort((a, b) => b[1].bytes - a[1].bytes)) {
  total += bytes;
  console.log(`  ${app.padEnd(12)} ${(bytes / 1024).toFixed(1).padStart(7)} KB in ${files} files`);
}
console.log(`  ${'total'.padEnd(12)} ${(total / 1024).toFixed(1).padStart(7)} KB`);
