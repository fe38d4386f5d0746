import { ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { defaultSearchFilter, filterFromQueryString } from '@jobboard/contract/jobs';
import { HUMAN_PROOF_MESSAGES } from '@jobboard/contract/common';
import { challengeRoute, fakeApi, isSolved } from '@jobboard/test-utils';
import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render';
import { FollowSearch } from '../components/FollowSearch';
import { ALERT_TEXT } from '../messages';

describe("'Get these jobs by e-mail'", () => {
  it('follows the applied search with the e-mail and frequency given', async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/alerts': [201, { message: ALERT_MESSAGES.checkInbox('me@example.org') }],
    });
    const search = '?q=grants&remote=true';
    renderWithProviders(<FollowSearch filter={filterFromQueryString(search)} />, `/${search}`);
    await userEvent.click(screen.getByRole('button', { name: ALERT_TEXT.open }));
    const dialog = await screen.findByRole('dialog', { name: ALERT_TEXT.dialogTitle });
    expect(dialog).toHaveTextContent('"grants" · Remote');

    // Checked here first with the contract's rule: nothing is sent.
    await userEvent.type(within(dialog).getByLabelText(ALERT_TEXT.email), 'me@');
    await userEvent.click(within(dialog).getByRole('button', { name: ALERT_TEXT.submit }));
    expect(within(dialog).getByText(ALERT_MESSAGES.email)).toBeInTheDocument();
    expect(received.bodies('POST', '/api/alerts')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(ALERT_TEXT.email), 'example.org');
    await userEvent.click(within(dialog).getByLabelText('Daily'));
    await userEvent.click(within(dialog).getByRole('button', { name: ALERT_TEXT.submit }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      ALERT_MESSAGES.checkInbox('me@example.org'),
    );
    const [sent] = received.bodies('POST', '/api/alerts');
    expect(sent).toEqual({
      email: 'me@example.org',
      frequency: 'daily',
      search: '?q=grants&remote=true',
      // The spam check (issue 45): a solved challenge, and the honeypot as no person fills it.
      humanProof: expect.any(String),
      website: '',
    });
    expect(await isSolved(sent)).toBe(true);
  });

  it('keeps what was typed when the spam check refuses it, and sends a new solution next time', async () => {
    let answered = 0;
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/alerts': () =>
        (answered += 1) === 1
          ? [400, { message: HUMAN_PROOF_MESSAGES.refused }]
          : [201, { message: ALERT_MESSAGES.checkInbox('me@example.org') }],
    });
    renderWithProviders(<FollowSearch filter={defaultSearchFilter()} />, '/');
    await userEvent.click(screen.getByRole('button', { name: ALERT_TEXT.open }));
    const dialog = await screen.findByRole('dialog', { name: ALERT_TEXT.dialogTitle });
    await userEvent.type(within(dialog).getByLabelText(ALERT_TEXT.email), 'me@example.org');
    await userEvent.click(within(dialog).getByLabelText('Daily'));
    await userEvent.click(within(dialog).getByRole('button', { name: ALERT_TEXT.submit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      HUMAN_PROOF_MESSAGES.refused,
    );
    expect(within(dialog).getByLabelText(ALERT_TEXT.email)).toHaveValue('me@example.org');
    expect(within(dialog).getByLabelText('Daily')).toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: ALERT_TEXT.submit }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      ALERT_MESSAGES.checkInbox('me@example.org'),
    );
    const [first, second] = received.bodies('POST', '/api/alerts');
    expect(second!.humanProof).not.toBe(first!.humanProof);
    expect(await isSolved(second)).toBe(true);
  });

  it('says what to do when the spam check could not be worked out, and keeps what was typed', async () => {
    const received = fakeApi({
      'GET /api/human-proof/challenge': [503, { message: 'Service unavailable' }],
      'POST /api/alerts': [201, { message: ALERT_MESSAGES.checkInbox('me@example.org') }],
    });
    renderWithProviders(<FollowSearch filter={defaultSearchFilter()} />, '/');
    await userEvent.click(screen.getByRole('button', { name: ALERT_TEXT.open }));
    const dialog = await screen.findByRole('dialog', { name: ALERT_TEXT.dialogTitle });
    await userEvent.type(within(dialog).getByLabelText(ALERT_TEXT.email), 'me@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: ALERT_TEXT.submit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      HUMAN_PROOF_MESSAGES.unsolved,
    );
    expect(within(dialog).getByLabelText(ALERT_TEXT.email)).toHaveValue('me@example.org');
    expect(received.bodies('POST', '/api/alerts')).toHaveLength(0);
  });

  it("shows the API's refusal (the limits' 429) and keeps what was typed", async () => {
    fakeApi({
      ...challengeRoute,
      'POST /api/alerts': [429, { message: ALERT_MESSAGES.tooManyForAddress(12) }],
    });
    renderWithProviders(<FollowSearch filter={defaultSearchFilter()} />, '/');
    await userEvent.click(screen.getByRole('button', { name: ALERT_TEXT.open }));
    const dialog = await screen.findByRole('dialog', { name: ALERT_TEXT.dialogTitle });
    expect(dialog).toHaveTextContent('All jobs');
    await userEvent.type(within(dialog).getByLabelText(ALERT_TEXT.email), 'me@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: ALERT_TEXT.submit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      ALERT_MESSAGES.tooManyForAddress(12),
    );
    expect(within(dialog).getByLabelText(ALERT_TEXT.email)).toHaveValue('me@example.org');
  });
});
