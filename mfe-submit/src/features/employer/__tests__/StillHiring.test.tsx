import {
  CHECK_IN_MESSAGES,
  type CheckInAnswer,
  type CheckInView,
} from '@jobboard/contract/employer';
import { fakeApi } from '@jobboard/test-utils';
import { screen } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderEmployerPage } from './render-employer-page';

/**
 * A still-hiring check-in's page (issue 45), as the employer uses it from the e-mail: opening
 * the link reads the listing and changes nothing; the one button answers.
 */

const TOKEN = 'c'.repeat(43);
const VIEW: CheckInView = {
  title: 'Digital Organizer',
  organization: 'Open Ballot Project',
  askedAt: '2026-12-06T12:00:00.000Z',
  ageDays: 14,
};

/** The API of a link that can be answered: its read, and the answer recorded with `message`. */
const answering = (answer: CheckInAnswer, message: string) =>
  ({
    'GET /api/check-ins/:token': [200, VIEW],
    'POST /api/check-ins/:token': [
      200,
      {
        answer,
        title: VIEW.title,
        organization: VIEW.organization,
        answeredAt: '2026-12-07T12:00:00.000Z',
        message,
      },
    ],
  }) as const;

const renderLink = (answer: string) =>
  renderEmployerPage(`/employer/still-hiring?answer=${answer}&token=${TOKEN}`);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a still-hiring check-in link', () => {
  it('"Still open": shows the listing, answers only when the button is pressed, and thanks', async () => {
    const message =
      '"Digital Organizer" stays on the board: we noted on December 7, 2026 that it is still open.';
    const api = fakeApi(answering('open', message));
    renderLink('open');
    expect(await screen.findByRole('heading', { name: 'Is this job still open?' })).toBeVisible();
    expect(
      screen.getByText('"Digital Organizer" at Open Ballot Project: we asked on December 6, 2026.'),
    ).toBeVisible();
    expect(screen.getByText('Nothing changes until you press the button.')).toBeVisible();
    // Opening the link only read it.
    expect(api.calls.map((call) => call.method)).toEqual(['GET']);

    await userEvent.click(screen.getByRole('button', { name: 'Yes, it is still open' }));
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Thank you' })).toBeVisible();
    expect(api.bodies('POST', `/api/check-ins/${TOKEN}`)).toEqual([{ answer: 'open' }]);
    expect(screen.getByRole('link', { name: 'See all your listings' })).toHaveAttribute(
      'href',
      '/employer/listings',
    );
  });

  it('"Filled": the button says so, and the page says the listing is off the board', async () => {
    const api = fakeApi(answering('filled', CHECK_IN_MESSAGES.answeredFilledPage(VIEW.title)));
    renderLink('filled');
    expect(screen.queryByRole('button', { name: 'Yes, it is still open' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'It has been filled' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '"Digital Organizer" is marked filled and is off the board.',
    );
    expect(api.bodies('POST', `/api/check-ins/${TOKEN}`)).toEqual([{ answer: 'filled' }]);
  });

  it('used, replaced or unknown: says why, offers no button, and leads to the listings', async () => {
    const used = CHECK_IN_MESSAGES.linkUsed('2026-12-07', 'open');
    const api = fakeApi({ 'GET /api/check-ins/:token': [410, { message: used }] });
    renderLink('filled');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This check-in was answered on December 7, 2026: still open.',
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'See all your listings' })).toBeVisible();
    expect(api.calls).toHaveLength(1);
  });

  it('answered elsewhere meanwhile: the press says what the API answers, and the button goes', async () => {
    fakeApi({
      'GET /api/check-ins/:token': [200, VIEW],
      'POST /api/check-ins/:token': [410, { message: CHECK_IN_MESSAGES.notOnBoard }],
    });
    renderLink('open');
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, it is still open' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CHECK_IN_MESSAGES.notOnBoard);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a link without a token or with another answer asks the API nothing', async () => {
    const api = fakeApi({});
    renderLink('maybe');
    expect(await screen.findByRole('alert')).toHaveTextContent(CHECK_IN_MESSAGES.linkInvalid);
    expect(api.calls).toHaveLength(0);
  });
});
