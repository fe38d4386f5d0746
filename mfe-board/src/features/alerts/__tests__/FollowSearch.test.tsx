import { ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { defaultSearchFilter, filterFromQueryString } from '@jobboard/contract/jobs';
import { fakeApi } from '@jobboard/test-utils';
import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render';
import { FollowSearch } from '../components/FollowSearch';
import { ALERT_TEXT } from '../messages';

describe("'Get these jobs by e-mail'", () => {
  it('follows the applied search with the e-mail and frequency given', async () => {
    const received = fakeApi({
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
    expect(received.calls).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(ALERT_TEXT.email), 'example.org');
    await userEvent.click(within(dialog).getByLabelText('Daily'));
    await userEvent.click(within(dialog).getByRole('button', { name: ALERT_TEXT.submit }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      ALERT_MESSAGES.checkInbox('me@example.org'),
    );
    expect(received.calls.map((call) => call.body)).toEqual([
      { email: 'me@example.org', frequency: 'daily', search: '?q=grants&remote=true' },
    ]);
  });

  it("shows the API's refusal (the limits' 429) and keeps what was typed", async () => {
    fakeApi({
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
