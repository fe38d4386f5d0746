import { API_KEY_MESSAGES, type ApiKey } from '@jobboard/contract/admin';
import { useToastStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../../test-support/render-admin';
import { API_KEYS_TEXT } from '../messages';

/**
 * The API keys page (issue 46), as an admin uses it: reached from the admin's navigation, the keys
 * listed by their start (never the key), a key made with a name and what it may do and shown
 * once, revoked after a confirmation. The API is faked at the network's edge.
 */

const READER: ApiKey = {
  id: '1',
  name: 'Partner site',
  start: 'jb_live_Zx9Yw8Vu',
  scopes: ['listings:read'],
  createdBy: 'alice',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-22T08:15:00.000Z',
  revokedAt: null,
};
const KEY = `jb_live_AbCd1234${'e'.repeat(35)}`;
const MADE: ApiKey = {
  id: '2',
  name: 'Acme ATS',
  start: 'jb_live_AbCd1234',
  scopes: ['listings:read', 'listings:submit'],
  createdBy: 'alice',
  createdAt: '2026-11-22T12:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

const AUTH = { 'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }] };

afterEach(() => useToastStore.setState({ toasts: [] }));

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the API keys page', () => {
  it("is in the admin's navigation and lists each key by its start, what it may do and its last use", async () => {
    fakeApi({ ...AUTH, 'GET /api/admin/api-keys': [200, [READER]] } as never);
    renderAdmin('/admin/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'API keys' }));
    expect(await screen.findByRole('heading', { name: API_KEYS_TEXT.title })).toBeInTheDocument();
    expect(await screen.findByText(API_KEYS_TEXT.listHeading(1))).toBeInTheDocument();
    const [row] = rows();
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Partner site',
      'jb_live_Zx9Yw8Vu…',
      'Read listings',
      'November 20, 2026 by alice',
      'November 22, 2026',
      'Active',
      'Revoke',
    ]);
  });

  it("makes a key with a name and its scopes, checked in the contract's words, and shows it once", async () => {
    let keys: ApiKey[] = [READER];
    const api = fakeApi({
      ...AUTH,
      'GET /api/admin/api-keys': () => [200, keys],
      'POST /api/admin/api-keys': () => {
        keys = [MADE, READER];
        return [201, { key: KEY, apiKey: MADE }];
      },
    } as never);
    renderAdmin('/admin/api-keys', { toasts: true });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: API_KEYS_TEXT.formTitle });
    await user.click(within(form).getByRole('button', { name: API_KEYS_TEXT.create }));
    expect(await within(form).findByText(API_KEY_MESSAGES.name)).toBeInTheDocument();
    expect(within(form).getByText(API_KEY_MESSAGES.scopes)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(form).getByLabelText(API_KEYS_TEXT.name), 'Acme ATS');
    await user.click(within(form).getByLabelText('Read listings'));
    await user.click(within(form).getByLabelText('Submit listings for review'));
    await user.click(within(form).getByRole('button', { name: API_KEYS_TEXT.create }));

    const shown = await screen.findByRole('status', { name: API_KEYS_TEXT.shownOnce });
    expect(within(shown).getByLabelText(API_KEYS_TEXT.keyLabel('Acme ATS'))).toHaveValue(KEY);
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Acme ATS',
      scopes: ['listings:read', 'listings:submit'],
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    // The list shows its start only.
    expect(within(screen.getByRole('table')).queryByText(KEY)).toBeNull();
    expect(within(rows()[0]!).getByText('jb_live_AbCd1234…')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText(API_KEYS_TEXT.neverUsed)).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: API_KEYS_TEXT.done }));
    expect(screen.queryByRole('status', { name: API_KEYS_TEXT.shownOnce })).toBeNull();
    expect(screen.queryByDisplayValue(KEY)).toBeNull();
    expect(screen.getByRole('form', { name: API_KEYS_TEXT.formTitle })).toBeInTheDocument();
  });

  it('revokes a key once the admin confirms, and then shows since when', async () => {
    let keys: ApiKey[] = [READER];
    const api = fakeApi({
      ...AUTH,
      'GET /api/admin/api-keys': () => [200, keys],
      'POST /api/admin/api-keys/:id/revoke': () => {
        keys = [{ ...READER, revokedAt: '2026-11-22T12:05:00.000Z' }];
        return [200, keys[0]];
      },
    } as never);
    renderAdmin('/admin/api-keys', { toasts: true });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: API_KEYS_TEXT.revokeLabel('Partner site') }),
    );
    const dialog = await screen.findByRole('dialog', { name: API_KEYS_TEXT.revokeTitle });
    expect(dialog).toHaveTextContent(API_KEYS_TEXT.revokeConfirm('Partner site'));
    await user.click(within(dialog).getByRole('button', { name: API_KEYS_TEXT.revoke }));
    expect(
      await screen.findByText(API_KEYS_TEXT.revokedOn('November 22, 2026')),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: API_KEYS_TEXT.revokeLabel('Partner site') }),
    ).toBeNull();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/api-keys/1/revoke',
    ]);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: API_KEYS_TEXT.revoked });
  });
});
