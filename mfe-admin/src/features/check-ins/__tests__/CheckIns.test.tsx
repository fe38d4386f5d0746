import { type AdminJob } from '@jobboard/contract/admin';
import {
  CHECK_IN_MESSAGES,
  DEFAULT_SETTINGS,
  type CheckInState,
} from '@jobboard/contract/employer';
import { useToastStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_SYNC, QUIET_STATS, SIGNED_IN, adminJob } from '../../../test-support/admin-fixtures';
import { adminSearch, renderAdmin } from '../../../test-support/render-admin';

/**
 * Still-hiring check-ins in the admin (issue 45), as an admin meets them: the flag of a listing
 * whose check-in went unanswered on the jobs list and its page, the list's filter with its count,
 * and the settings page.
 */

afterEach(() => useToastStore.setState({ toasts: [] }));

const job = (fields: Partial<AdminJob>) => adminJob({ source: 'submission', via: '', ...fields });

const ASKED: CheckInState = {
  askedAt: '2026-12-06T12:00:00.000Z',
  ageDays: 14,
  answer: null,
  answeredAt: null,
  unansweredAt: null,
  closedAt: null,
};
const FLAGGED = job({ checkIn: { ...ASKED, unansweredAt: '2026-12-13T12:00:00.000Z' } });
const CONFIRMED = job({
  id: '13',
  title: 'Field Organizer',
  checkIn: { ...ASKED, answer: 'open', answeredAt: '2026-12-07T09:00:00.000Z' },
});
const TAKEN_OFF = job({
  id: '14',
  title: 'Data Editor',
  active: false,
  checkIn: {
    ...ASKED,
    unansweredAt: '2026-12-13T12:00:00.000Z',
    closedAt: '2026-12-13T12:00:00.000Z',
  },
});

const rowOf = async (title: string) =>
  (await screen.findAllByRole('row')).find((row) => within(row).queryByText(title))!;

describe('a listing whose still-hiring check-in went unanswered', () => {
  it('is flagged on the jobs list, and the filter with its count finds the flagged ones', async () => {
    fakeApi({
      ...SIGNED_IN,
      'GET /api/admin/lists/jobs': [
        200,
        {
          jobs: [FLAGGED, CONFIRMED, TAKEN_OFF],
          total: 3,
          page: 1,
          pageSize: 25,
          unansweredCheckIns: 2,
        },
      ],
      'GET /api/admin/stats': [200, QUIET_STATS],
      'GET /api/admin/sync/last': [200, NO_SYNC],
    });
    renderAdmin('/admin/dashboard');
    expect(await rowOf('Canvass Lead')).toHaveTextContent(
      'Check-in unanswered: Asked on December 6, 2026, no answer',
    );
    expect(await rowOf('Data Editor')).toHaveTextContent(
      'Check-in unanswered: Taken off the board on December 13, 2026 for no answer',
    );
    const confirmed = await rowOf('Field Organizer');
    expect(confirmed).toHaveTextContent('Still open: confirmed on December 7, 2026');
    expect(confirmed).not.toHaveTextContent(CHECK_IN_MESSAGES.unansweredFlag);

    const filter = screen.getByRole('checkbox', { name: 'Unanswered check-ins (2)' });
    expect(filter).not.toBeChecked();
    await userEvent.click(filter);
    await waitFor(() => expect(adminSearch()).toBe('?checkIn=unanswered'));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/exports/jobs.csv?checkIn=unanswered',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(adminSearch()).toBe(''));
  });

  it("says so on the job's page", async () => {
    fakeApi({
      ...SIGNED_IN,
      'GET /api/admin/jobs/12': [200, FLAGGED],
      'GET /api/admin/jobs/12/history': [200, []],
    });
    renderAdmin('/admin/jobs/view/12');
    const label = await screen.findByText('Still-hiring check-in');
    expect(label.nextElementSibling).toHaveTextContent(
      'Check-in unanswered: Asked on December 6, 2026, no answer',
    );
  });
});

describe('the still-hiring settings page', () => {
  it('shows the settings and the count, checks what is typed, and saves it', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      'GET /api/admin/settings': [200, DEFAULT_SETTINGS],
      'GET /api/admin/lists/jobs': [
        200,
        { jobs: [FLAGGED], total: 1, page: 1, pageSize: 1, unansweredCheckIns: 1 },
      ],
      'PUT /api/admin/settings': [
        200,
        {
          ...DEFAULT_SETTINGS,
          checkInDays: [10, 30],
          checkInAnswerDays: 5,
          checkInAutoClose: true,
        },
      ],
    });
    renderAdmin('/admin/still-hiring', { toasts: true });
    expect(
      await screen.findByRole('heading', { name: CHECK_IN_MESSAGES.settingsTitle }),
    ).toBeVisible();
    expect(await screen.findByText(/1 listing has an unanswered check-in\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Show them on the jobs list' })).toHaveAttribute(
      'href',
      '/admin/dashboard?checkIn=unanswered',
    );
    const days = await screen.findByLabelText(CHECK_IN_MESSAGES.daysLabel);
    expect(days).toHaveValue('14, 28');
    const answerDays = screen.getByLabelText(CHECK_IN_MESSAGES.answerDaysLabel);
    expect(answerDays).toHaveValue(7);
    const autoClose = screen.getByRole('checkbox', { name: CHECK_IN_MESSAGES.autoCloseLabel });
    expect(autoClose).not.toBeChecked();

    const user = userEvent.setup();
    // A list the rules refuse: said at the field, nothing sent, what was typed kept.
    await user.clear(days);
    await user.type(days, '14, fourteen');
    await user.click(screen.getByRole('button', { name: CHECK_IN_MESSAGES.save }));
    expect(await screen.findByText(CHECK_IN_MESSAGES.daysInvalid)).toBeVisible();
    expect(days).toHaveValue('14, fourteen');
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(days);
    await user.type(days, '30 10');
    await user.clear(answerDays);
    await user.type(answerDays, '5');
    await user.click(autoClose);
    await user.click(screen.getByRole('button', { name: CHECK_IN_MESSAGES.save }));
    await waitFor(() =>
      expect(api.bodies('PUT', '/api/admin/settings')).toEqual([
        { checkInDays: [10, 30], checkInAnswerDays: 5, checkInAutoClose: true },
      ]),
    );
    expect(await screen.findByText(CHECK_IN_MESSAGES.saved)).toBeVisible();
    expect(days).toHaveValue('10, 30');
    expect(screen.queryByText(CHECK_IN_MESSAGES.daysInvalid)).toBeNull();
  });

  it("shows the API's refusal at its field and keeps what was typed", async () => {
    fakeApi({
      ...SIGNED_IN,
      'GET /api/admin/settings': [200, DEFAULT_SETTINGS],
      'GET /api/admin/lists/jobs': [
        200,
        { jobs: [], total: 0, page: 1, pageSize: 1, unansweredCheckIns: 0 },
      ],
      'PUT /api/admin/settings': [
        400,
        { message: 'Invalid', fields: { checkInAnswerDays: CHECK_IN_MESSAGES.answerDaysInvalid } },
      ],
    });
    renderAdmin('/admin/still-hiring', { toasts: true });
    expect(await screen.findByText('0 listings have an unanswered check-in.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Show them on the jobs list' })).toBeNull();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(CHECK_IN_MESSAGES.daysLabel), ', 60');
    await user.click(screen.getByRole('button', { name: CHECK_IN_MESSAGES.save }));
    expect(await screen.findByText(CHECK_IN_MESSAGES.answerDaysInvalid)).toBeVisible();
    expect(screen.getByLabelText(CHECK_IN_MESSAGES.daysLabel)).toHaveValue('14, 28, 60');
  });
});
