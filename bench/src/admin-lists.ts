/**
 * `pnpm --filter @jobboard/bench admin-lists`: the admin lists' figures of issue 16 alone (2,000
 * jobs and 2,000 submissions, SQLite and PostgreSQL), printed, without rewriting bench/report.md.
 * `pnpm bench` includes the same section in the report.
 */
import { startPgCluster } from '@jobboard/api/test-support';
import { adminListsSection, measureAdminLists } from './sections/admin-lists';
import { POSTGRES_SETTINGS } from './support/postgres-settings';

const pg = await startPgCluster(POSTGRES_SETTINGS);
try {
  const runs = [await measureAdminLists(), await measureAdminLists(pg.url)];
  const section = adminListsSection(runs);
  console.log(`## ${section.title}\n\n${section.body}\n`);
  for (const c of section.checks) {
    console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.figure}: ${c.measured} (target ${c.target})`);
  }
} finally {
  pg.stop();
}
