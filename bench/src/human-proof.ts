/**
 * `pnpm --filter @jobboard/bench human-proof [--runs=9] [--site=URL]`: the spam check's cost in Chromium at 1x
 * and 4x CPU (src/sections/human-proof.ts), printed; also a section of `pnpm bench`
 * (`--only=human-proof`). Needs no build: the page, the challenges and the solver are served here.
 */
import { humanProofSection } from './sections/human-proof';

const runs = Number(
  process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) || 9,
);
// --site=URL: also on a running production site (pnpm build, then pnpm start), /submit-job.
const site = process.argv.find((arg) => arg.startsWith('--site='))?.slice('--site='.length);
const section = await humanProofSection(runs, site);
console.log(`## ${section.title}\n\n${section.body}\n`);
for (const check of section.checks) {
  console.log(
    `${check.pass ? 'PASS' : 'FAIL'} ${check.figure}: ${check.measured} (${check.target})`,
  );
}
