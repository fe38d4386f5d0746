import { listingLiveSince, runJobboard } from '@jobboard/api/test-support';
import { liveListing, mailText, waitForMail } from '../support/admin';
import { screenshot } from '../support/screenshot';
import { currentSite } from '../support/site';
import { expect, test } from '../support/test';

const DAY_MS = 86_400_000;
const LINK = (answer: string) =>
  new RegExp(
    `http://localhost:\\d+/employer/still-hiring\\?answer=${answer}&token=[A-Za-z0-9_-]{43}`,
  );

/**
 * "Still hiring?" check-ins (issue 45): a listing 15 days on the board gets its check-in from the
 * run cron makes (`jobboard check-ins run`, a process of its own on the site's database); the
 * employer opens the e-mail's "Still open" link, which changes nothing until the button is
 * pressed, presses it, and the admin sees the listing confirmed, dated.
 */
test('an employer answers a still-hiring check-in from its e-mail, and the admin sees it confirmed', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const title = `Canvass Lead ${stamp}`;
  const email = `still-hiring-${stamp}@openballot.example`;
  const site = currentSite();

  // A listing made live as an employer does it, then 15 days on the board.
  const { jobId } = await liveListing(page, { title, contactEmail: email });
  await listingLiveSince(site.sqliteFile, jobId, new Date(Date.now() - 15 * DAY_MS));

  // The check-ins' run, as cron runs it; the site's own sender delivers the e-mail it queues.
  const run = await runJobboard(
    ['check-ins', 'run'],
    { client: 'sqlite', filename: site.sqliteFile },
    { PUBLIC_URL: site.url },
  );
  expect(run.code, run.output).toBe(0);
  expect(run.output).toContain('Still-hiring check-ins: 1 queued');
  const mail = await waitForMail(
    (m) => m.to.includes(email) && mailText(m).includes('/employer/still-hiring?answer=open'),
  );
  const text = mailText(mail);
  expect(text).toContain(`has been on`);
  expect(text).toMatch(LINK('filled'));
  const link = LINK('open').exec(text)![0];

  // Opening the link asks; only the button answers.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Is this job still open?' })).toBeVisible();
  await expect(page.getByText(`"${title}" at Open Ballot Project: we asked on`)).toBeVisible();
  await screenshot(page, testInfo, 'still-hiring-page');
  await page.getByRole('button', { name: 'Yes, it is still open' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`"${title}" stays on the board`);

  // The link worked once.
  await page.goto(LINK('filled').exec(text)![0]);
  await expect(page.getByRole('alert')).toContainText('This check-in was answered on');
  await expect(page.getByRole('button', { name: 'It has been filled' })).toHaveCount(0);

  // The admin (signed in by liveListing) sees the answer on the job's page and the jobs list.
  await page.goto(`/admin/jobs/view/${jobId}`);
  await expect(page.getByText(/^Still open: confirmed on /)).toBeVisible();
  await page.goto(`/admin/dashboard?q=${encodeURIComponent(title)}`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Still open: confirmed on');
  await expect(
    page.getByRole('checkbox', { name: /^Unanswered check-ins \(\d+\)$/ }),
  ).toBeVisible();
  await screenshot(page, testInfo, 'still-hiring-admin');
});
