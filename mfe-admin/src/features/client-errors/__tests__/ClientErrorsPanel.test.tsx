import type { AdminClientErrors } from '@jobboard/contract/site';
import { SharedUiProvider } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { render, screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { ClientErrorsPanel } from '../components/ClientErrorsPanel';

function renderPanel() {
  return render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <ClientErrorsPanel />
      </SWRConfig>
    </SharedUiProvider>,
  );
}

const REPORTED: AdminClientErrors = {
  since: '2026-11-22T08:00:00.000Z',
  counts: [
    { kind: 'remote-crashed', app: 'mfe_board', count: 3 },
    { kind: 'remote-mismatch', app: 'mfe_submit', count: 1 },
  ],
  latest: [
    {
      kind: 'remote-crashed',
      app: 'mfe_board',
      version: '1.4.0-abc123',
      message: 'TypeError: x is undefined',
      receivedAt: '2026-11-22T12:00:00.000Z',
    },
  ],
};

describe("the dashboard's panel of what browsers reported", () => {
  it('lists the counts by kind and app, and the latest reports on demand', async () => {
    fakeApi({ 'GET /api/admin/client-errors': [200, REPORTED] });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Pages that failed in browsers' });
    const [counts] = within(panel).getAllByRole('table');
    const rows = within(counts!).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Crashed while shownmfe_board3',
      'Not loaded: its release does not fit the sitemfe_submit1',
    ]);
    await userEvent.click(within(panel).getByText('Latest reports'));
    expect(within(panel).getByText('TypeError: x is undefined')).toBeVisible();
    expect(within(panel).getByText('1.4.0-abc123')).toBeVisible();
  });

  it('shows nothing when no browser reported anything', async () => {
    const received = fakeApi({
      'GET /api/admin/client-errors': [200, { since: REPORTED.since, counts: [], latest: [] }],
    });
    const { container } = renderPanel();
    await waitFor(() => expect(received.calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});
