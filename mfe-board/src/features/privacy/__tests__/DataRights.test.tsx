import { ALERT_MESSAGES, DATA_RIGHTS_TEXTS, type AlertDataExport } from '@jobboard/contract/alerts';
import { MEMBER_MESSAGES, type MemberDataExport } from '@jobboard/contract/members';
import { useMemberStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-support/render';
import { AlertData } from '../components/AlertData';
import { DataLinkRequest } from '../components/DataLinkRequest';
import { MemberData } from '../components/MemberData';

const TOKEN = 'a'.repeat(43);
const alertExport: AlertDataExport = {
  exportedAt: '2026-11-26T12:00:00.000Z',
  email: 'reader@example.org',
  alerts: [
    {
      email: 'reader@example.org',
      search: '?q=grants',
      description: '"grants"',
      frequency: 'daily',
      status: 'confirmed',
      createdAt: '2026-11-20T10:00:00.000Z',
      confirmedAt: '2026-11-20T10:05:00.000Z',
      unsubscribedAt: null,
      lastDigestAt: null,
    },
  ],
};
const memberExport: MemberDataExport = {
  exportedAt: '2026-11-26T12:00:00.000Z',
  member: {
    email: 'member@example.org',
    name: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSeenAt: '2026-11-26T11:00:00.000Z',
  },
  bookmarks: [{ jobId: '12', savedAt: '2026-11-02T10:00:00.000Z' }],
  alerts: [],
};

/** What the browser was handed to save: the file's name and its JSON. */
let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  saved = [];
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => {
    saved.push({ name: names.at(-1)!, blob: blobs.get(url)! });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The saved file's JSON (jsdom's Blob is read with a FileReader). */
const savedJson = (i = 0) =>
  new Promise<unknown>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(JSON.parse(String(reader.result)));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(saved[i]!.blob);
  });

describe("'Your data' by a data link (/alerts/data?token=)", () => {
  it('reads nothing on opening; downloads on the button; deletes only once confirmed', async () => {
    const received = fakeApi({
      'POST /api/alerts/data/:token': [200, alertExport],
      'DELETE /api/alerts/data/:token': [200, { message: ALERT_MESSAGES.dataDeleted(1) }],
    });
    renderWithProviders(<AlertData token={TOKEN} />, `/alerts/data?token=${TOKEN}`);
    const section = screen.getByRole('region', { name: DATA_RIGHTS_TEXTS.heading });
    expect(section).toHaveTextContent(DATA_RIGHTS_TEXTS.linkIntro);
    // A mail scanner opens the page: no request is made.
    await received.settled();
    expect(received.calls).toEqual([]);

    await userEvent.click(
      within(section).getByRole('button', { name: DATA_RIGHTS_TEXTS.download }),
    );
    expect(await within(section).findByRole('status')).toHaveTextContent(
      DATA_RIGHTS_TEXTS.downloaded,
    );
    expect(saved.map((s) => s.name)).toEqual([
      DATA_RIGHTS_TEXTS.fileName(new Date().toISOString().slice(0, 10)),
    ]);
    expect(await savedJson()).toEqual(alertExport);

    // Delete asks first; 'Keep it' deletes nothing.
    await userEvent.click(within(section).getByRole('button', { name: DATA_RIGHTS_TEXTS.delete }));
    expect(section).toHaveTextContent(DATA_RIGHTS_TEXTS.confirmDelete);
    await userEvent.click(within(section).getByRole('button', { name: DATA_RIGHTS_TEXTS.cancel }));
    expect(received.calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await userEvent.click(within(section).getByRole('button', { name: DATA_RIGHTS_TEXTS.delete }));
    await userEvent.click(within(section).getByRole('button', { name: DATA_RIGHTS_TEXTS.confirm }));
    expect(await within(section).findByText(ALERT_MESSAGES.dataDeleted(1))).toBeInTheDocument();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(received.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/alerts/data/${TOKEN}`,
      `DELETE /api/alerts/data/${TOKEN}`,
    ]);
  });

  it("shows the API's refusal of a used link, and the form for a new one", async () => {
    fakeApi({
      'POST /api/alerts/data/:token': [404, { message: ALERT_MESSAGES.dataLinkInvalid }],
    });
    renderWithProviders(<AlertData token={TOKEN} />, `/alerts/data?token=${TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: DATA_RIGHTS_TEXTS.download }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.dataLinkInvalid);
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: DATA_RIGHTS_TEXTS.requestButton })).toBeEnabled();
  });
});

describe("'Your data' on an alert's pages: a link e-mailed to the address", () => {
  it("asks for nothing on opening, and shows the API's answer to the address typed", async () => {
    const message = ALERT_MESSAGES.dataLinkRequested('reader@example.org');
    const received = fakeApi({ 'POST /api/alerts/data-link': [202, { message }] });
    renderWithProviders(<DataLinkRequest />, `/alerts/manage?token=${TOKEN}`);
    const section = screen.getByRole('region', { name: DATA_RIGHTS_TEXTS.heading });
    expect(section).toHaveTextContent(DATA_RIGHTS_TEXTS.requestIntro);
    // Not one alert's link: nothing of the address is offered from it.
    expect(within(section).queryByRole('button', { name: DATA_RIGHTS_TEXTS.download })).toBeNull();
    await received.settled();
    expect(received.calls).toEqual([]);

    await userEvent.type(
      within(section).getByLabelText(DATA_RIGHTS_TEXTS.requestEmail),
      ' reader@example.org ',
    );
    await userEvent.click(
      within(section).getByRole('button', { name: DATA_RIGHTS_TEXTS.requestButton }),
    );
    expect(await within(section).findByRole('status')).toHaveTextContent(message);
    expect(received.calls.map((c) => [`${c.method} ${c.path}`, c.body])).toEqual([
      ['POST /api/alerts/data-link', { email: 'reader@example.org' }],
    ]);
  });

  it('checks the address before sending it', async () => {
    const received = fakeApi({});
    renderWithProviders(<DataLinkRequest />, '/alerts/data');
    await userEvent.type(screen.getByLabelText(DATA_RIGHTS_TEXTS.requestEmail), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: DATA_RIGHTS_TEXTS.requestButton }));
    expect(await screen.findByText(ALERT_MESSAGES.email)).toBeInTheDocument();
    expect(received.calls).toEqual([]);
  });
});

describe("'Your data' on /bookmarks", () => {
  beforeEach(() => {
    useMemberStore.getState().signedIn({ email: 'member@example.org', name: null }, 'session');
  });

  it('is not shown to a visitor who is not signed in', () => {
    useMemberStore.getState().signedOut();
    renderWithProviders(<MemberData />, '/bookmarks');
    expect(screen.queryByRole('region', { name: DATA_RIGHTS_TEXTS.heading })).toBeNull();
  });

  it("downloads the member's data, then deletes it and signs them out", async () => {
    const received = fakeApi({
      'GET /api/members/data': [200, memberExport],
      'DELETE /api/members/data': [200, { message: MEMBER_MESSAGES.dataDeleted }],
    });
    renderWithProviders(<MemberData />, '/bookmarks');
    const section = screen.getByRole('region', { name: DATA_RIGHTS_TEXTS.heading });
    expect(section).toHaveTextContent(DATA_RIGHTS_TEXTS.memberIntro);
    await userEvent.click(
      within(section).getByRole('button', { name: DATA_RIGHTS_TEXTS.download }),
    );
    await within(section).findByText(DATA_RIGHTS_TEXTS.downloaded);
    expect(await savedJson()).toEqual(memberExport);

    await userEvent.click(within(section).getByRole('button', { name: DATA_RIGHTS_TEXTS.delete }));
    await userEvent.click(within(section).getByRole('button', { name: DATA_RIGHTS_TEXTS.confirm }));
    expect(await within(section).findByText(MEMBER_MESSAGES.dataDeleted)).toBeInTheDocument();
    expect(useMemberStore.getState().status).toBe('signed-out');
    expect(received.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/members/data',
      'DELETE /api/members/data',
    ]);
  });
});
