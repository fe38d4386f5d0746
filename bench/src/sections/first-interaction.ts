/**
 * Interaction to Next Paint of a visitor's first interaction (issue 40), in Chromium with the CPU
 * slowed 4x (Lighthouse's phone): from the input to the next frame painted after the page's
 * handlers ran. Each interaction is tried at two moments: as soon as its control shows on the
 * server's page (the page not live yet: the input waits for whatever task the main thread is in,
 * and the inline script remembers it), and as soon as the page is live (`html[data-app-ready]`:
 * React's handler runs, with whatever start-up work is still queued behind it).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { atMost, median, ms, table, type Check } from '../report';

const RUNS = 5;
/** Google's line between a good and a poor Interaction to Next Paint. */
const INP_TARGET_MS = 200;
const APP_READY = 'html[data-app-ready]';

/**
 * Measures the first interaction in the page: from its first event's timestamp (pointerdown or
 * keydown, as the browser stamped it on arrival, so the wait for a busy main thread counts) to the
 * frame painted after the handlers of its last event (click or keyup) ran: a requestAnimationFrame
 * from that handler, then a message, which runs once the frame is painted. That is what Event
 * Timing's INP measures; Event Timing itself reports only interactions past 16 ms and, for the
 * board's job-type boxes, none at all in headless Chromium, so the page measures it itself (where
 * Event Timing gave one, a letter typed in the live search box: 80 ms against 85). The window's
 * bubbling listeners run after React's, which listens on the page's root.
 * A string: tsx's transpiled functions call helpers that do not exist in the page.
 */
const WATCH = `
  window.__inp = 0;
  let started;
  const start = (event) => { if (started === undefined && !window.__inp) started = event.timeStamp; };
  const end = () => {
    if (started === undefined) return;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__inp = performance.now() - started; };
      channel.port2.postMessage(null);
    });
  };
  addEventListener('pointerdown', start, true);
  addEventListener('keydown', start, true);
  addEventListener('click', end);
  addEventListener('keyup', end);
`;

interface Interaction {
  name: string;
  path: string;
  /** The control, found as a person would. */
  control: (page: Page) => Locator;
  act: (control: Locator) => Promise<void>;
}

const INTERACTIONS: Interaction[] = [
  {
    name: 'a letter typed in the search box (`/`)',
    path: '/',
    control: (page) => page.getByRole('searchbox', { name: 'Search jobs' }),
    act: (box) => box.press('e'),
  },
  {
    name: 'the Full-time filter ticked (`/`)',
    path: '/',
    control: (page) =>
      page.getByRole('region', { name: 'Filters' }).getByRole('checkbox', { name: 'Full-time' }),
    act: (box) => box.click(),
  },
  {
    name: 'a letter typed in the job title (`/submit-job`)',
    path: '/submit-job',
    control: (page) => page.getByLabel('Job Title'),
    act: (field) => field.press('E'),
  },
];

type Moment = 'shows' | 'live';

async function interactionToNextPaint(
  browser: Browser,
  url: string,
  interaction: Interaction,
  moment: Moment,
): Promise<number> {
  // bypassCSP: waitForFunction evaluates its string, which the site's policy forbids.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  try {
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${url}${interaction.path}`, { waitUntil: 'commit' });
    const control = interaction.control(page);
    if (moment === 'live') await page.locator(APP_READY).waitFor({ state: 'attached' });
    else await control.waitFor({ state: 'visible' });
    // Click and press act at once (no waiting for the control to be "stable" beyond one frame).
    await interaction.act(control);
    // Set once the frame after the interaction is painted.
    const handle = await page.waitForFunction('window.__inp');
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

/** The rows and checks of the first interactions, for the front-end section. */
export async function firstInteractions(
  browser: Browser,
  url: string,
): Promise<{ body: string; checks: Check[] }> {
  const rows: (string | number)[][] = [];
  const checks: Check[] = [];
  for (const interaction of INTERACTIONS) {
    for (const moment of ['shows', 'live'] as const) {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await interactionToNextPaint(browser, url, interaction, moment));
      }
      const when = moment === 'shows' ? 'as soon as it shows' : 'as soon as the page is live';
      rows.push([interaction.name, when, ms(median(runs)), runs.map(Math.round).join(', ')]);
      checks.push(
        atMost(
          `First interaction, CPU 4x slower: ${interaction.name}, ${when} (INP, median of ${RUNS})`,
          median(runs),
          INP_TARGET_MS,
          'ms',
        ),
      );
    }
  }
  const body = [
    `Interaction to Next Paint of a visitor's first interaction, the CPU slowed 4x, in a fresh ` +
      `context each run: from the input's arrival (its event's timestamp) to the next frame ` +
      `painted after the page's handlers ran (measured in the page: a frame requested from the ` +
      `interaction's last event, then a message, which runs after the paint). ` +
      `"As soon as it shows": the control is acted on the moment it is visible on the server's ` +
      `page, before the page is live (what the input waits for is the task the main thread is ` +
      `in). "As soon as the page is live": the moment \`html[data-app-ready]\` is set.`,
    '',
    table(['First interaction', 'When', 'INP (median)', 'Runs'], rows),
  ].join('\n');
  return { body, checks };
}
