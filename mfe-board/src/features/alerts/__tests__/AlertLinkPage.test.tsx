import { ALERT_MESSAGES, type AlertView } from '@jobboard/contract/alerts';
import { fakeApi } from '@jobboard/test-utils';
import { screen } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render';
import { AlertLinkPage } from '../components/AlertLinkPage';
import { ALERT_TEXT } from '../messages';

const TOKEN = 'a'.repeat(43);
const alert: AlertView = {
  email: 'reader@example.org',
  search: '?q=grants',
  description: '"grants"',
  frequency: 'daily',
  status: 'confirmed',
  confirmedAt: '2026-11-20T10:00:00.000Z',
};

describe("the pages of an alert's e-mail links", () => {
  it('confirms only on the button (opening the link changes nothing), and links to the search', async () => {
    const received = fakeApi({ 'POST /api/alerts/:token/confirm': [200, alert] });
    renderWithProviders(<AlertLinkPage action="confirm" />, `/alerts/confirm?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: ALERT_TEXT.confirmButton });
    expect(screen.getByRole('heading', { name: ALERT_TEXT.confirmTitle })).toBeInTheDocument();
    // A mail scanner opens the page: no request is made.
    expect(received.calls).toEqual([]);
    await userEvent.click(button);
    expect(
      await screen.findByRole('heading', { name: ALERT_TEXT.confirmedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      ALERT_TEXT.confirmed('reader@example.org', 'daily', '"grants"'),
    );
    expect(screen.getByRole('link', { name: ALERT_TEXT.seeJobs })).toHaveAttribute(
      'href',
      '/?q=grants',
    );
    expect(received.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/alerts/${TOKEN}/confirm`,
    ]);
  });

  it("shows the API's refusal of an expired link", async () => {
    fakeApi({
      'POST /api/alerts/:token/confirm': [410, { message: ALERT_MESSAGES.confirmExpired }],
    });
    renderWithProviders(
      <AlertLinkPage action="confirm" />,
      `/alerts/confirm?token=${'b'.repeat(43)}`,
    );
    await userEvent.click(await screen.findByRole('button', { name: ALERT_TEXT.confirmButton }));
    expect(
      await screen.findByRole('heading', { name: ALERT_TEXT.linkProblemTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ALERT_MESSAGES.confirmExpired);
  });

  it('unsubscribes only on the button: opening the link changes nothing', async () => {
    const received = fakeApi({
      'POST /api/alerts/:token/unsubscribe': [200, { ...alert, status: 'unsubscribed' }],
    });
    renderWithProviders(
      <AlertLinkPage action="unsubscribe" />,
      `/alerts/unsubscribe?token=${'c'.repeat(43)}`,
    );
    const button = await screen.findByRole('button', { name: ALERT_TEXT.unsubscribeButton });
    expect(received.calls).toEqual([]);
    await userEvent.click(button);
    expect(
      await screen.findByRole('heading', { name: ALERT_TEXT.unsubscribedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      ALERT_TEXT.unsubscribed('reader@example.org', '"grants"'),
    );
    expect(received.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/alerts/${'c'.repeat(43)}/unsubscribe`,
    ]);
  });

  it('manages without signing in: changes the frequency, then unsubscribes', async () => {
    const received = fakeApi({
      'GET /api/alerts/:token': [200, alert],
      'PUT /api/alerts/:token': ({ body }) => [200, { ...alert, ...(body as object) }],
      'POST /api/alerts/:token/unsubscribe': [200, { ...alert, status: 'unsubscribed' }],
    });
    renderWithProviders(<AlertLinkPage action="manage" />, `/alerts/manage?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: ALERT_TEXT.manageTitle }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Weekly'));
    await userEvent.click(screen.getByRole('button', { name: ALERT_TEXT.save }));
    expect(await screen.findByRole('status')).toHaveTextContent(ALERT_TEXT.saved);
    expect(received.bodies('PUT', `/api/alerts/${TOKEN}`)).toEqual([{ frequency: 'weekly' }]);

    await userEvent.click(screen.getByRole('button', { name: ALERT_TEXT.unsubscribe }));
    expect(
      await screen.findByRole('heading', { name: ALERT_TEXT.unsubscribedTitle }),
    ).toBeInTheDocument();
  });
});
