/**
 * `pnpm bench`: measures the board at real sizes and writes bench/report.md, every figure with its
 * target and PASS/FAIL in one run on one machine. A report, not a test: it never fails the build.
 *
 *   pnpm bench                          everything (about 10 minutes on 2 cores)
 *   pnpm bench --sizes=1000,10000       fewer jobs
 *   pnpm bench --only=search,load       some sections (search, admin-lists, applications, trust, mail,
 *                                       counting, processes, human-proof, load, isolation,
 *                                       front-end, lighthouse, test-fast)
 *   pnpm bench --databases=postgresql   search on one database (sqlite, postgresql)
 *   pnpm bench --million                adds PostgreSQL at 1,000,000 jobs (100,000 live, the
 *                                       rest ended and archived) to the search section: 15 to
 *                                       25 minutes more on 2 cores, so not in the default run
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPgCluster } from '@jobboard/api/test-support';
import { type BenchDatabase } from './data/bench-database';
import { describeMachine } from './support/machine';
import { POSTGRES_SETTINGS } from './support/postgres-settings';
import { adminListsSection, measureAdminLists, type AdminListsRun } from './sections/admin-lists';
import { applicationsSection, measureApplications } from './sections/applications';
import { table, type Check, type SectionResult } from './report';
import { measureSearch, searchSection, type SearchRun } from './sections/search';
import {
  growToMillion,
  measureMillion,
  MILLION,
  millionSection,
  type MillionRun,
} from './sections/million';
import { countingSection } from './sections/counting';
import { frontEndSection } from './sections/front-end';
import { humanProofSection } from './sections/human-proof';
import { isolationSection, loadSection } from './sections/load';
import { lighthouseSection } from './sections/lighthouse';
import { mailSection } from './sections/mail';
import { processesSection } from './sections/processes';
import { testFastSection } from './sections/test-fast';
import { measureTrust, trustSection } from './sections/trust';
import { buildFrontEnd, REPO_ROOT, startSite } from './support/site';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = ''] = arg.replace(/^--/, '').split('=');
    return [key!, value];
  }),
);
const sizes = (args.get('sizes') || '1000,10000,100000').split(',').map(Number);
const only = args.get('only')?.split(',');
const databases = (args.get('databases') || 'sqlite,postgresql').toLowerCase().split(',');
const wanted = (section: string) => !only || only.includes(section);
/** The sections measured on the production site (on the largest SQLite database). */
const SITE_SECTIONS = ['load', 'isolation', 'front-end', 'lighthouse'];

const started = Date.now();
const sections: SectionResult[] = [];
const workDir = mkdtempSync(path.join(tmpdir(), 'jobboard-bench-'));
const largest = Math.max(...sizes);
const siteDatabase = path.join(workDir, `board-${largest}.sqlite`);

const log = (message: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

const pg = await startPgCluster(POSTGRES_SETTINGS);
try {
  // 1. Search, and the largest SQLite database kept for the site.
  const runs: SearchRun[] = [];
  const millionWanted = args.has('million') && wanted('search') && databases.includes('postgresql');
  let million: MillionRun | undefined;
  const keepFile = async (bench: BenchDatabase) => {
    await bench.db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    copyFileSync((bench.config as { filename: string }).filename, siteDatabase);
  };
  for (const database of ['SQLite', 'PostgreSQL'] as const) {
    for (const size of sizes) {
      // The site's sections run on the largest SQLite database: made for them even when search
      // is not measured.
      const needed = database === 'SQLite' && size === largest && SITE_SECTIONS.some(wanted);
      if (!(wanted('search') && databases.includes(database.toLowerCase())) && !needed) continue;
      log(`search: ${size.toLocaleString('en-US')} jobs on ${database}`);
      const url = database === 'PostgreSQL' ? pg.url : undefined;
      // The million-job row grows the 100,000-job PostgreSQL database by its ended history once
      // that is measured: the same live jobs, without writing them a second time.
      const keep = !url
        ? size === largest
          ? keepFile
          : undefined
        : millionWanted && size === MILLION.live
          ? async (bench: BenchDatabase) => {
              log('search: 1,000,000 jobs (the same 100,000 live) on PostgreSQL');
              million = await growToMillion(bench);
            }
          : undefined;
      const run = await measureSearch(size, url, keep);
      if (wanted('search') && databases.includes(database.toLowerCase())) runs.push(run);
    }
  }
  if (runs.length) sections.push(searchSection(runs));
  // 1a. A million jobs on PostgreSQL (issue 31), behind --million.
  if (millionWanted) {
    if (!million) {
      log('search: 1,000,000 jobs (100,000 live) on PostgreSQL');
      million = await measureMillion(pg.url);
    }
    const atHundredK = runs.find((r) => r.database === 'PostgreSQL' && r.size === MILLION.live);
    sections.push(millionSection(million, atHundredK));
  }

  // 1b. The admin's paged lists at 2,000 jobs and submissions (issue 16).
  if (wanted('admin-lists')) {
    const adminRuns: AdminListsRun[] = [];
    for (const database of ['sqlite', 'postgresql']) {
      if (!databases.includes(database)) continue;
      log(`admin lists: 2,000 jobs on ${database}`);
      adminRuns.push(await measureAdminLists(database === 'postgresql' ? pg.url : undefined));
    }
    sections.push(adminListsSection(adminRuns));
  }

  // 1b'. Applying on the board (issue 42): sending, and an inbox of 5,000, on both databases.
  if (wanted('applications')) {
    const applicationRuns = [];
    for (const database of ['sqlite', 'postgresql']) {
      if (!databases.includes(database)) continue;
      log(`applications: 10,000 jobs, an inbox of 5,000, on ${database}`);
      applicationRuns.push(
        await measureApplications(database === 'postgresql' ? pg.url : undefined),
      );
    }
    sections.push(applicationsSection(applicationRuns));
  }

  // 1b''. Trust and safety (issue 45) at 100,000 jobs on both databases: a report, the admin's
  // queue of reports, the still-hiring check-ins' run.
  if (wanted('trust')) {
    const trustRuns = [];
    for (const database of ['sqlite', 'postgresql']) {
      if (!databases.includes(database)) continue;
      log(`trust and safety: 100,000 jobs, reports and check-ins, on ${database}`);
      trustRuns.push(await measureTrust(database === 'postgresql' ? pg.url : undefined));
    }
    sections.push(trustSection(trustRuns));
  }

  // 1c. E-mails per second through the outbox to a local SMTP server (issue 27).
  if (wanted('mail')) {
    log('e-mail to a local SMTP server');
    sections.push(await mailSection());
  }

  // 1d. Counting views and apply clicks (issue 30): the view beacon and the Apply redirect under
  // load on the site (its API; no front end needed), and a flush of 10,000 views.
  if (wanted('counting')) {
    log('counting views and apply clicks');
    sections.push(await countingSection(pg.url));
  }

  // 1e. Several API processes on one PostgreSQL (issue 31): the search mix through 1 and 2
  // workers, and a save through one process seen by another (NOTIFY).
  if (wanted('processes')) {
    const size = Math.min(largest, 10_000);
    log(`several processes: ${size.toLocaleString('en-US')} jobs on PostgreSQL`);
    sections.push(await processesSection(pg.url, size));
  }

  // 1f. The spam check's cost in Chromium at 1x and 4x CPU (issue 45) on a bare page: needs no
  // build. On the site too when the site's sections run (below).
  if (wanted('human-proof') && !SITE_SECTIONS.some(wanted)) {
    log('the spam check in Chromium');
    sections.push(await humanProofSection());
  }

  // 2 to 5: the production site on the largest SQLite database.
  if (SITE_SECTIONS.some(wanted)) {
    log('building the front end of this checkout, starting the site');
    buildFrontEnd();
    const site = await startSite({ sqliteFile: siteDatabase });
    try {
      const [first] = (await (await fetch(`${site.url}/api/jobs?pageSize=1`)).json()) as {
        id: string;
      }[];
      const jobId = first!.id;
      if (wanted('load')) {
        log('load');
        sections.push(await loadSection(site, jobId));
      }
      if (wanted('isolation')) {
        log('writes during slow searches');
        sections.push(await isolationSection(site, jobId));
      }
      if (wanted('human-proof')) {
        log('the spam check in Chromium, on a bare page and on /submit-job');
        sections.push(await humanProofSection(undefined, site.url));
      }
      if (wanted('front-end')) {
        log('the first view of / in Chromium');
        sections.push(await frontEndSection(site));
      }
      if (wanted('lighthouse')) {
        log('Lighthouse');
        sections.push(await lighthouseSection({ url: site.url, jobId }));
      }
    } finally {
      await site.stop();
    }
  }

  // 6. The contributor's loop (issue 41): pnpm test:fast in a fresh clone, then after one-line changes.
  if (wanted('test-fast')) {
    log('pnpm test:fast in a fresh clone');
    sections.push(await testFastSection());
  }
} finally {
  pg.stop();
  rmSync(workDir, { recursive: true, force: true });
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const machine = await describeMachine();
writeFileSync(path.join(REPO_ROOT, 'bench', 'report.md'), render(sections, machine, minutes));
log(`wrote bench/report.md (${minutes} min)`);
const failed = sections.flatMap((s) => s.checks).filter((c) => !c.pass);
console.log(failed.length ? `${failed.length} targets missed` : 'every target met');

/** The commit measured, and whether the work tree had changes beside it. */
function commit(): string {
  const git = (...args: string[]) =>
    spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim();
  const head = git('rev-parse', '--short', 'HEAD') || 'unknown';
  return git('status', '--porcelain', '--untracked-files=no') ? `${head} (with changes)` : head;
}

function render(results: SectionResult[], machine: string, duration: string): string {
  const checks: Check[] = results.flatMap((s) => s.checks);
  const passed = checks.filter((c) => c.pass).length;
  return [
    '# Performance report',
    '',
    `Written by \`pnpm bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC ` +
      `in ${duration} minutes, on commit ${commit()}. ${passed} of ${checks.length} targets met.`,
    '',
    `**Machine:** ${machine}`,
    '',
    `**PostgreSQL settings** (a throw-away cluster, durability off as in the tests): ` +
      Object.entries(POSTGRES_SETTINGS)
        .map(([name, value]) => `${name}=${value}`)
        .join(', '),
    '',
    '## Every target',
    '',
    table(
      ['Figure', 'Measured', 'Target', 'Result', 'Note'],
      checks.map((c) => [
        c.figure,
        c.measured,
        c.target,
        c.pass ? 'PASS' : '**FAIL**',
        c.note ?? '',
      ]),
    ),
    '',
    ...results.flatMap((s) => [`## ${s.title}`, '', s.body, '']),
  ].join('\n');
}
