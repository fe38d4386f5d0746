import { SharedUiProvider } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/shared-ui/test-support';
import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { ALERT_STATS_TEXT, ConfirmedAlertsCount } from '../components/ConfirmedAlertsCount';

function renderCount() {
  return render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <ConfirmedAlertsCount />
      </SWRConfig>
    </SharedUiProvider>,
  );
}

describe("the dashboard's confirmed job alerts", () => {
  it('shows the count the API gives', async () => {
    fakeApi({ 'GET /api/admin/alerts/stats': [200, { confirmed: 1234 }] });
    renderCount();
    expect(await screen.findByText(ALERT_STATS_TEXT.confirmed(1234))).toHaveTextContent(
      '1,234 confirmed job alerts',
    );
  });

  it('says "alert" for one', () => {
    expect(ALERT_STATS_TEXT.confirmed(1)).toMatch(/^1 confirmed job alert \(/);
  });
});
