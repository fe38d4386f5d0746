/**
 * Section 4: the first view of `/` in Chromium against the production build. What it costs before
 * the first job card is on screen: compressed JavaScript and CSS per app, the number of sequential
 * request rounds after the HTML, and the time to the first card, cold and with the CPU slowed 4x;
 * then the Interaction to Next Paint of a first interaction (first-interaction.ts).
 */
import { chromium, type Browser, type Request } from 'playwright-core';
import { atMost, kb, median, ms, table, type Check, type SectionResult } from '../report';
import { firstInteractions } from './first-interaction';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const RUNS = 5;
const CARD = '[data-testid="job-card"]';

/**
 * Records in the page the moment the first job card is in the document, and the layout shifts.
 * A string, not a function: tsx's transpiled functions call helpers that do not exist in the page.
 */
const WATCH = `
  window.__shifts = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver((_, observer) => {
    if (window.__firstCard === undefined && document.querySelector('${CARD}')) {
      window.__firstCard = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

interface Loaded {
  url: string;
  type: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  bytes: number;
}

interface View {
  firstCard: number;
  shift: number;
  requests: Loaded[];
  /** Epoch milliseconds of navigation start. */
  origin: number;
}

export async function frontEndSection(site: { url: string }): Promise<SectionResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const shellAssets = await sharedFiles(site.url);
    const cold: View[] = [];
    const throttled: View[] = [];
    for (let run = 0; run < RUNS; run += 1) cold.push(await firstView(browser, site.url, 1));
    for (let run = 0; run < RUNS; run += 1) throttled.push(await firstView(browser, site.url, 4));

    // Bytes and rounds from the first cold run (every run loads the same files).
    const view = cold[0]!;
    const beforeCard = view.requests.filter((r) => r.start <= view.origin + view.firstCard);
    const byApp = new Map<string, { files: number; bytes: number }>();
    for (const request of beforeCard) {
      if (request.type !== 'script' && request.type !== 'stylesheet') continue;
      const app = appOf(request.url, shellAssets);
      const entry = byApp.get(app) ?? { files: 0, bytes: 0 };
      byApp.set(app, { files: entry.files + 1, bytes: entry.bytes + request.bytes });
    }
    const totalJs = [...byApp.values()].reduce((sum, e) => sum + e.bytes, 0);
    const rounds = roundsAfterHtml(beforeCard, site.url);
    const otherRemotes = view.requests.filter((r) => /\/assets\/mfe-(admin|submit)\//.test(r.url));
    const firstCardCold = median(cold.map((v) => v.firstCard));
    const firstCardSlow = median(throttled.map((v) => v.firstCard));
    const shift = Math.max(...cold.map((v) => v.shift));

    const checks: Check[] = [
      atMost(
        'First view of /: compressed JavaScript and CSS before the first card',
        totalJs / 1024,
        180,
        'KB',
      ),
      atMost(
        'First view of /: request rounds after the HTML before the first card',
        rounds.count,
        2,
        'rounds',
      ),
      atMost(
        'First view of /: time to the first card, cold (median of 5)',
        firstCardCold,
        300,
        'ms',
      ),
      atMost(
        'First view of /: time to the first card, CPU 4x slower (median of 5)',
        firstCardSlow,
        1000,
        'ms',
      ),
      atMost(
        'First view of /: mfe-admin and mfe-submit code loaded',
        otherRemotes.length,
        0,
        'files',
      ),
      atMost('First view of /: layout shift (CLS, worst of 5)', shift, 0.01, ''),
    ];
    const interactions = await firstInteractions(browser, site.url);
    checks.push(...interactions.checks);
    const body = [
      `Chromium ${browser.version()} (Debian's, headless) loads \`/\` of the production site ` +
        `(brotli as served) in a fresh context each time: nothing cached. "Before the first card" ` +
        `counts every script and style sheet whose request started before the first job card was ` +
        `in the document. A request's round is one more than the latest round of any request that ` +
        `had finished when it started (the HTML is round 0): requests that start together, from ` +
        `the HTML's own preloads, share a round.`,
      '',
      table(
        ['App', 'Files', 'Compressed'],
        [...byApp]
          .sort((a, b) => b[1].bytes - a[1].bytes)
          .map(([app, { files, bytes }]) => [app, files, kb(bytes)])
          .concat([
            [
              '**total**',
              beforeCard.filter((r) => r.type === 'script' || r.type === 'stylesheet').length,
              `**${kb(totalJs)}**`,
            ],
          ]),
      ),
      '',
      table(
        ['Round', 'Requests (before the first card)'],
        rounds.list.map(([round, urls]) => [round, urls.join(', ')]),
      ),
      '',
      table(
        ['Time to the first card', 'Median', 'Runs'],
        [
          ['Cold', ms(firstCardCold), cold.map((v) => Math.round(v.firstCard)).join(', ')],
          [
            'Cold, CPU 4x slower',
            ms(firstCardSlow),
            throttled.map((v) => Math.round(v.firstCard)).join(', '),
          ],
        ],
      ),
      '',
      interactions.body,
    ].join('\n');
    return { title: '4. The first view of /', body, checks };
  } finally {
    await browser.close();
  }
}

async function firstView(browser: Browser, url: string, cpuSlowdown: number): Promise<View> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    if (cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    const finished: Promise<Loaded>[] = [];
    const record = async (request: Request): Promise<Loaded> => {
      const timing = request.timing();
      const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
      return {
        url: request.url(),
        type: request.resourceType(),
        start: timing.startTime,
        end: timing.startTime + Math.max(timing.responseEnd, 0),
        bytes: sizes.responseBodySize,
      };
    };
    page.on('requestfinished', (request) => finished.push(record(request)));
    await page.goto(url);
    await page.waitForSelector(CARD);
    await page.waitForLoadState('networkidle');
    const [firstCard, shift, origin] = (await page.evaluate(
      '[window.__firstCard, window.__shifts, performance.timeOrigin]',
    )) as [number, number, number];
    return { firstCard, shift, origin, requests: await Promise.all(finished) };
  } finally {
    await context.close();
  }
}

/** Round of each request before the first card; the HTML document is round 0. */
function roundsAfterHtml(requests: Loaded[], siteUrl: string) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const round = new Map<Loaded, number>();
  for (const request of sorted) {
    const isHtml = request.type === 'document';
    const before = sorted.filter((other) => round.has(other) && other.end <= request.start);
    round.set(request, isHtml ? 0 : Math.max(0, ...before.map((o) => round.get(o)!)) + 1);
  }
  const list = new Map<number, string[]>();
  for (const [request, number] of round) {
    const name = request.url.replace(siteUrl, '').replace(/\/assets\/([^/]+)\/[^/]+\//, '$1/');
    list.set(number, [...(list.get(number) ?? []), name || '/']);
  }
  return {
    count: Math.max(0, ...round.values()),
    list: [...list].sort((a, b) => a[0] - b[0]),
  };
}

/** The shell's files that hold the shared singletons, by file name (from its manifest). */
async function sharedFiles(siteUrl: string): Promise<Map<string, string>> {
  const html = await (await fetch(siteUrl)).text();
  const version = /\/assets\/shell\/([^/]+)\//.exec(html)?.[1];
  const files = new Map<string, string>();
  if (!version) return files;
  const manifest = (await (
    await fetch(`${siteUrl}/assets/shell/${version}/mf-manifest.json`)
  ).json()) as {
    shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  };
  for (const shared of manifest.shared) {
    for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) {
      files.set(file.split('/').pop()!, shared.name);
    }
  }
  return files;
}

function appOf(url: string, shellShared: Map<string, string>): string {
  const path = new URL(url).pathname;
  const app = /^\/assets\/([^/]+)\//.exec(path)?.[1] ?? path;
  if (app !== 'shell') return app;
  const shared = shellShared.get(path.split('/').pop()!);
  if (shared) return `shell: shared ${shared}`;
  return 'shell: its own code and the federation runtime';
}
