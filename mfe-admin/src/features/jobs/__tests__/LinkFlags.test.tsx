import { type AdminJob } from '@jobboard/contract/admin';
import { APPLY_LINK_TEXT, type ApplyLinkCheck } from '@jobboard/contract/jobs';
import { fakeApi } from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { describe, expect, it } from 'vitest';
import { adminJob, adminStats } from '../../../test-support/admin-fixtures';
import { renderAdmin } from '../../../test-support/render-admin';

/**
 * Dead application links as the admin meets them (issue 45, docs/product.md#dead-application-links):
 * a flagged job says so in the jobs list, the list filters those, the dashboard counts the live
 * ones and links to them, and the job's page has a line with the link's last answer, its failures
 * in a row and since when it is flagged; a link the board refused to call (a private address)
 * says so, with no failure.
 */

/** A job of the admin's own that applies by its link. */
const job = (fields: Partial<AdminJob>): AdminJob =>
  adminJob({
    id: '21',
    title: 'Grants Writer',
    applicationUrl: 'https://harborhealth.example/jobs/grants',
    apply: { method: 'link', questions: [] },
    source: 'admin',
    ...fields,
  });

const DEAD: ApplyLinkCheck = {
  url: 'https://harborhealth.example/jobs/grants',
  result: 'not_found',
  status: 404,
  answer: 'Answered 404 Not Found',
  checkedAt: '2026-11-22T13:00:00.000Z',
  failures: 2,
  flagged: true,
  flaggedAt: '2026-11-22T13:00:00.000Z',
};

const FLAGGED = job({ applyLinkFlagged: true, applyLinkCheck: DEAD });
const FINE = job({
  id: '22',
  title: 'Field Organizer',
  applyLinkCheck: {
    ...DEAD,
    result: 'ok',
    status: 200,
    answer: 'Answered 200: the page is there',
    failures: 0,
    flagged: false,
    flaggedAt: null,
  },
});

const STATS = adminStats({ live: 2, flaggedLinks: 1 });

const signedIn = {
  'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
} as const;

describe('dead application links in the admin', () => {
  it('flags the job in the list, filters the list to them, and counts them on the dashboard', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/admin/lists/jobs': [
        200,
        { jobs: [FLAGGED, FINE], total: 2, page: 1, pageSize: 25 },
      ],
      'GET /api/admin/stats': [200, STATS],
      'GET /api/admin/sync/last': [200, { source: null, last: null, held: { count: 0, jobs: [] } }],
    });
    renderAdmin('/admin/dashboard');
    const rows = await screen.findAllByRole('row');
    const flagged = rows.find((r) => within(r).queryByText('Grants Writer'))!;
    expect(within(flagged).getByText(APPLY_LINK_TEXT.adminFlag)).toHaveAttribute(
      'title',
      'Answered 404 Not Found',
    );
    const fine = rows.find((r) => within(r).queryByText('Field Organizer'))!;
    expect(within(fine).queryByText(APPLY_LINK_TEXT.adminFlag)).toBeNull();

    // The dashboard's count links to the list of them.
    const numbers = screen.getByRole('region', { name: 'At a glance' });
    const count = within(numbers).getByText(APPLY_LINK_TEXT.dashboardCount);
    expect(within(count.parentElement!).getByRole('link', { name: '1' })).toHaveAttribute(
      'href',
      '/admin/dashboard?link=flagged',
    );

    // The filter's choice goes into the view: the list and its export ask for those alone.
    await userEvent.selectOptions(
      screen.getByLabelText(APPLY_LINK_TEXT.filterLabel),
      APPLY_LINK_TEXT.flaggedChoice,
    );
    await waitFor(() =>
      expect(screen.getByLabelText(APPLY_LINK_TEXT.filterLabel)).toHaveValue('flagged'),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(
      'link=flagged',
    );
  });

  it("says the link's last answer, its failures in a row and since when it is flagged on the job's page", async () => {
    fakeApi({
      ...signedIn,
      'GET /api/admin/jobs/21': [200, FLAGGED],
      'GET /api/admin/jobs/21/history': [200, []],
    });
    renderAdmin('/admin/jobs/view/21');
    const row = (await screen.findByText(APPLY_LINK_TEXT.checkRow)).nextElementSibling!;
    expect(row).toHaveTextContent(
      'Answered 404 Not Found (checked November 22, 2026 at 1:00 PM UTC)',
    );
    expect(row).toHaveTextContent('2 failed checks in a row');
    expect(row).toHaveTextContent(
      "Flagged since November 22, 2026 at 1:00 PM UTC: the job's page says the posting may have closed",
    );
  });

  it('says a link the board refused to call is not checked, with no failure, and one never checked', async () => {
    const refused = job({
      applyLinkCheck: {
        ...DEAD,
        result: 'guard',
        status: null,
        answer:
          'Not checked: the link leads to a private or local address, which the board never calls (not counted as a failure)',
        failures: 0,
        flagged: false,
        flaggedAt: null,
      },
    });
    fakeApi({
      ...signedIn,
      'GET /api/admin/jobs/21': [200, refused],
      'GET /api/admin/jobs/21/history': [200, []],
    });
    renderAdmin('/admin/jobs/view/21');
    const row = (await screen.findByText(APPLY_LINK_TEXT.checkRow)).nextElementSibling!;
    expect(row).toHaveTextContent(/^Not checked: the link leads to a private or local address/);
    expect(row).not.toHaveTextContent('failed');
    expect(row).not.toHaveTextContent('Flagged');
  });

  it('says a link not checked yet', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/admin/jobs/21': [200, job({})],
      'GET /api/admin/jobs/21/history': [200, []],
    });
    renderAdmin('/admin/jobs/view/21');
    const row = (await screen.findByText(APPLY_LINK_TEXT.checkRow)).nextElementSibling!;
    expect(row).toHaveTextContent(APPLY_LINK_TEXT.notChecked);
  });
});
