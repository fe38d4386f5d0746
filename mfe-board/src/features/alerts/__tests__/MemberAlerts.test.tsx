import { ALERT_MESSAGES, type MemberAlert } from '@jobboard/contract/alerts';
import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import { useMemberStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render';
import { MemberAlerts } from '../components/MemberAlerts';
import { ALERT_TEXT } from '../messages';

const grants: MemberAlert = {
  id: '7',
  email: 'member@example.org',
  search: '?q=grants&remote=true',
  description: '"grants" · Remote',
  frequency: 'weekly',
  status: 'confirmed',
  confirmedAt: '2026-11-20T10:00:00.000Z',
};
const writers: MemberAlert = {
  ...grants,
  id: '9',
  search: '?q=writer',
  description: '"writer"',
  frequency: 'daily',
  status: 'pending',
  confirmedAt: null,
};

const renderAlerts = () => renderWithProviders(<MemberAlerts />, '/bookmarks');

beforeEach(() => {
  useMemberStore.getState().signedIn({ email: grants.email, name: null }, 'session');
});

describe("/bookmarks' job alerts of a signed-in member", () => {
  it('asks nothing for a visitor who is not signed in', async () => {
    useMemberStore.getState().signedOut();
    const received = fakeApi({ 'GET /api/members/alerts': [200, { alerts: [] }] });
    renderAlerts();
    await received.settled();
    expect(received.calls).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: ALERT_TEXT.memberTitle })).toBeNull();
  });

  it('shows nothing when the member session has ended meanwhile (401)', async () => {
    const received = fakeApi({
      'GET /api/members/alerts': [401, { message: MEMBER_MESSAGES.signInRequired }],
    });
    renderAlerts();
    await waitFor(() => expect(received.calls).toHaveLength(1));
    // Once the answer is in and rendered: still nothing.
    await received.settled();
    expect(screen.queryByRole('heading', { name: ALERT_TEXT.memberTitle })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("lists the member's alerts with their searches, and removes one", async () => {
    let alerts = [writers, grants];
    const received = fakeApi({
      'GET /api/members/alerts': () => [200, { alerts }],
      'DELETE /api/members/alerts/:id': ({ params }) => {
        alerts = alerts.filter((a) => a.id !== params.id);
        return [200, { message: ALERT_MESSAGES.memberAlertRemoved }];
      },
    });
    renderAlerts();
    const section = await screen.findByRole('region', { name: ALERT_TEXT.memberTitle });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: '"writer"' })).toHaveAttribute(
      'href',
      '/?q=writer',
    );
    expect(items[0]).toHaveTextContent(ALERT_TEXT.memberPending);
    expect(within(items[1]!).getByRole('link', { name: '"grants" · Remote' })).toHaveAttribute(
      'href',
      '/?q=grants&remote=true',
    );
    expect(items[1]).toHaveTextContent('Weekly · member@example.org');
    expect(items[1]).not.toHaveTextContent(ALERT_TEXT.memberPending);

    await userEvent.click(
      within(section).getByRole('button', { name: ALERT_TEXT.memberRemove('"grants" · Remote') }),
    );
    expect(await within(section).findByRole('status')).toHaveTextContent(
      ALERT_MESSAGES.memberAlertRemoved,
    );
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).queryByText('"grants" · Remote')).toBeNull();
    expect(received.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/members/alerts/7',
    ]);
  });

  it('says so when the member has none, and shows a refused removal without dropping the alert', async () => {
    fakeApi({
      'GET /api/members/alerts': [200, { alerts: [] }],
    });
    const { unmount } = renderAlerts();
    expect(await screen.findByText(ALERT_TEXT.memberEmpty)).toBeInTheDocument();
    unmount();

    fakeApi({
      'GET /api/members/alerts': [200, { alerts: [grants] }],
      'DELETE /api/members/alerts/:id': [404, { message: ALERT_MESSAGES.memberAlertNotFound }],
    });
    renderAlerts();
    const section = await screen.findByRole('region', { name: ALERT_TEXT.memberTitle });
    await userEvent.click(within(section).getByRole('button', { name: /Remove the job alert/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      ALERT_MESSAGES.memberAlertNotFound,
    );
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
  });
});
