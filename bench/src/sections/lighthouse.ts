/**
 * Section 5: Lighthouse 12 (its default mobile settings: a mid-range phone on slow 4G, simulated)
 * in Debian's Chromium on four pages of the production site.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { atLeast, ms, table, type Check, type SectionResult } from '../report';
import { CHROMIUM, CHROMIUM_ARGS } from './front-end';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

export async function lighthouseSection(site: {
  url: string;
  jobId: string;
}): Promise<SectionResult> {
  const pages = ['/', `/jobs/${site.jobId}`, '/submit-job', '/job-list'];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const rows: (string | number)[][] = [];
  const checks: Check[] = [];
  const problems: string[] = [];
  try {
    for (const path of pages) {
      const result = await lighthouse(`${site.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      rows.push([
        `\`${path.replace(site.jobId, '{id}')}\``,
        ...scores,
        ms(audit('first-contentful-paint')),
        ms(audit('largest-contentful-paint')),
        ms(audit('total-blocking-time')),
        audit('cumulative-layout-shift').toFixed(3),
      ]);
      CATEGORIES.forEach((category, i) => {
        const failing = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              lhr.categories[category]?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
          )
          .map((a) => a.id);
        checks.push(
          atLeast(
            `Lighthouse ${category}, ${path.replace(site.jobId, '{id}')}`,
            scores[i]!,
            TARGETS[category],
            '',
            failing.slice(0, 4).join(', '),
          ),
        );
        if (failing.length) problems.push(`${path} ${category}: ${failing.join(', ')}`);
      });
    }
  } finally {
    chrome.kill();
  }
  const body = [
    `Lighthouse ${lighthouseVersion()} with its default (mobile) settings, in Debian's Chromium ` +
      `(headless), against the production site on 127.0.0.1. FCP, LCP and TBT are Lighthouse's ` +
      `simulated figures for its slow-4G phone.`,
    '',
    table(
      ['Page', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'],
      rows,
    ),
    ...(problems.length ? ['', 'Audits not passed:', '', ...problems.map((p) => `- ${p}`)] : []),
  ].join('\n');
  return { title: '5. Lighthouse', body, checks };
}

function lighthouseVersion(): string {
  return '12';
}
