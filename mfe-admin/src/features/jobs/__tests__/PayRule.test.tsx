import { type LastSync } from '@jobboard/contract/admin';
import { PROPOSAL_MESSAGES } from '@jobboard/contract/employer';
import { PAY_FIELD_LABELS, PAY_MESSAGES, jobFieldLabel } from '@jobboard/contract/jobs';
import { useToastStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { adminJob, adminStats } from '../../../test-support/admin-jobs';
import { renderAdmin } from '../../../test-support/render-admin';

/**
 * Pay told as it is (docs/product.md#pay), as the admin meets it: a job's pay with its period and
 * benefits on its page and in its form, and the board's pay rule holding jobs without pay back,
 * said on the list, on the job's page and in the last sync, so none is dropped silently.
 */

afterEach(() => useToastStore.setState({ toasts: [] }));

const job = adminJob;

/** A synced job without pay while the board's pay rule is on. */
const HELD = job({ heldBack: PAY_MESSAGES.held });

/** An hourly job with cents and a benefits line. */
const HOURLY = job({
  id: '13',
  title: 'Field Organizer',
  source: 'admin',
  via: '',
  salary: '$27.50 - $32 an hour',
  pay: { min: 27.5, max: 32, period: 'hour', currency: 'USD', benefits: 'Health and dental' },
});

const STATS = adminStats();

const NO_SYNC: LastSync = { source: 'Airtable', last: null, held: { count: 0, jobs: [] } };

const signedIn = {
  'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
} as const;

describe('a job held back by the pay rule', () => {
  it('says so, and why, in the jobs list; the status filter offers the held jobs', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/admin/lists/jobs': [200, { jobs: [HELD, HOURLY], total: 2, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
      'GET /api/admin/sync/last': [200, NO_SYNC],
    });
    renderAdmin('/admin/dashboard');
    const rows = await screen.findAllByRole('row');
    const held = rows.find((r) => within(r).queryByText('Canvass Lead'))!;
    expect(within(held).getByText(PAY_MESSAGES.held)).toBeInTheDocument();
    expect(within(held).getByText('Active')).toBeInTheDocument();
    const paid = rows.find((r) => within(r).queryByText('Field Organizer'))!;
    expect(within(paid).queryByText(PAY_MESSAGES.held)).toBeNull();

    // The filter's choice goes into the view (the address), which the select then shows.
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Held back (no pay)');
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveValue('held'));
  });

  it('says why on its own page', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/admin/jobs/12': [200, HELD],
      'GET /api/admin/jobs/12/history': [200, []],
    });
    renderAdmin('/admin/jobs/view/12');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(PAY_MESSAGES.held);
    expect(screen.getByText('Salary').nextElementSibling).toHaveTextContent('Not given');
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent(
      'Active · Held back (no pay)',
    );
  });
});

describe('the last sync', () => {
  it('lists the synced jobs held back without pay, each linked to its page, with the reason', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/admin/lists/jobs': [200, { jobs: [HELD], total: 1, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
      'GET /api/admin/sync/last': [
        200,
        {
          ...NO_SYNC,
          held: {
            count: 3,
            jobs: [
              { jobId: '12', title: 'Canvass Lead', externalId: 'rec00000000000012' },
              { jobId: '14', title: 'Phone Bank Captain', externalId: null },
            ],
          },
        },
      ],
    });
    renderAdmin('/admin/dashboard');
    const panel = await screen.findByRole('region', { name: 'Last sync' });
    expect(await within(panel).findByText('Held back without pay (3)')).toBeInTheDocument();
    expect(within(panel).getByText(PAY_MESSAGES.held)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Canvass Lead' })).toHaveAttribute(
      'href',
      '/admin/jobs/view/12',
    );
    expect(within(panel).getByText('rec00000000000012')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Phone Bank Captain' })).toHaveAttribute(
      'href',
      '/admin/jobs/view/14',
    );
    // Two of three listed: the rest are one click away.
    expect(
      within(panel).getByText('The first 2 of 3 are listed.', { exact: false }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'List every held job' })).toHaveAttribute(
      'href',
      '/admin/dashboard?status=held',
    );
  });

  it('Refresh Jobs says how many synced jobs it left held back', async () => {
    let synced = false;
    fakeApi({
      ...signedIn,
      'GET /api/admin/lists/jobs': [200, { jobs: [], total: 0, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
      'GET /api/admin/sync/last': () =>
        [
          200,
          synced
            ? {
                ...NO_SYNC,
                held: {
                  count: 1,
                  jobs: [{ jobId: '12', title: 'Canvass Lead', externalId: null }],
                },
              }
            : NO_SYNC,
        ] as const,
      'GET /api/refresh-jobs': () => {
        synced = true;
        return [
          200,
          {
            source: 'Airtable',
            created: 1,
            updated: 0,
            unchanged: 0,
            deactivated: 0,
            skipped: 0,
            skippedRecords: [],
            conflicts: 0,
            held: 1,
            message: 'Jobs refreshed from Airtable.',
          },
        ] as const;
      },
    });
    renderAdmin('/admin/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh Jobs' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: 'Jobs refreshed from Airtable',
        description: '1 created, 0 updated, 0 deactivated, 0 skipped, 1 held back without pay',
      }),
    );
    const panel = screen.getByRole('region', { name: 'Last sync' });
    expect(await within(panel).findByRole('link', { name: 'Canvass Lead' })).toBeInTheDocument();
  });

  it('says nothing of held jobs when none is held', async () => {
    const received = fakeApi({
      ...signedIn,
      'GET /api/admin/lists/jobs': [200, { jobs: [], total: 0, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
      'GET /api/admin/sync/last': [200, NO_SYNC],
    });
    renderAdmin('/admin/dashboard');
    const panel = await screen.findByRole('region', { name: 'Last sync' });
    await received.settled();
    expect(within(panel).queryByText(/Held back/)).toBeNull();
  });
});

describe('the pay rule switched on in the settings', () => {
  it('shows the jobs it holds back when the admin is back on the dashboard', async () => {
    let requirePay = false;
    fakeApi({
      ...signedIn,
      'GET /api/admin/lists/jobs': () => [
        200,
        { jobs: [requirePay ? HELD : job({})], total: 1, page: 1, pageSize: 25 },
      ],
      'GET /api/admin/stats': [200, STATS],
      'GET /api/admin/sync/last': () => [
        200,
        requirePay
          ? {
              ...NO_SYNC,
              held: { count: 1, jobs: [{ jobId: '12', title: 'Canvass Lead', externalId: null }] },
            }
          : NO_SYNC,
      ],
      'GET /api/admin/proposals': [200, []],
      'GET /api/admin/settings': () => [200, { employerTypoFixes: false, requirePay }],
      'PUT /api/admin/settings': () => {
        requirePay = true;
        return [200, { employerTypoFixes: false, requirePay }];
      },
    });
    renderAdmin('/admin/dashboard');
    const user = userEvent.setup();
    expect(await screen.findByText('Canvass Lead')).toBeInTheDocument();
    expect(screen.queryByText(PAY_MESSAGES.held)).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Proposed changes' }));
    const rule = await screen.findByRole('checkbox', { name: PROPOSAL_MESSAGES.paySetting });
    await waitFor(() => expect(rule).toBeEnabled());
    await user.click(rule);
    await waitFor(() => expect(rule).toBeChecked());

    await user.click(screen.getByRole('link', { name: 'Jobs' }));
    const panel = await screen.findByRole('region', { name: 'Last sync' });
    expect(await within(panel).findByText('Held back without pay (1)')).toBeInTheDocument();
    const row = (await screen.findAllByRole('row')).find((r) =>
      within(r).queryByText('Canvass Lead'),
    )!;
    expect(await within(row).findByText(PAY_MESSAGES.held)).toBeInTheDocument();
  });
});

describe('an hourly job with cents', () => {
  it('shows its pay with the period and its benefits on its page', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/admin/jobs/13': [200, HOURLY],
      'GET /api/admin/jobs/13/history': [200, []],
    });
    renderAdmin('/admin/jobs/view/13');
    expect(await screen.findByText('$27.50 - $32 an hour')).toBeInTheDocument();
    expect(screen.getByText(jobFieldLabel('benefitsSummary')).nextElementSibling).toHaveTextContent(
      'Health and dental',
    );
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('loads into the form as it is, and an unchanged save sends the same pay back', async () => {
    const received = fakeApi({
      ...signedIn,
      'GET /api/admin/jobs/13': [200, HOURLY],
      'PUT /api/admin/jobs/13': [200, HOURLY],
      'GET /api/locations': [200, ['Denver, CO']],
      'GET /api/categories': [200, ['Political']],
      'GET /api/admin/lists/jobs': [200, { jobs: [HOURLY], total: 1, page: 1, pageSize: 25 }],
    });
    renderAdmin('/admin/jobs/edit/13');
    const min = await screen.findByLabelText(PAY_FIELD_LABELS.min);
    expect(min).toHaveValue('27.50');
    expect(screen.getByLabelText(PAY_FIELD_LABELS.period)).toHaveValue('hour');
    await userEvent.click(screen.getByRole('button', { name: 'Update Job' }));
    expect(await screen.findByRole('heading', { name: 'Job Listings Admin' })).toBeInTheDocument();
    expect(received.bodies('PUT', '/api/admin/jobs/13')).toEqual([
      expect.objectContaining({
        salaryMin: '27.50',
        salaryMax: '32',
        salaryPeriod: 'hour',
        salaryCurrency: 'USD',
        benefitsSummary: 'Health and dental',
        salaryText: '',
      }),
    ]);
  });
});
