import type { SiteConfig } from '@jobboard/contract/site';
import { SiteProvider } from '@jobboard/shared-ui';
import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { fakeApi, type FakeRoutes } from '@jobboard/test-utils';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render';
import { FilterPanel } from '../components/FilterPanel';
import { AppliedFilterProvider } from '../hooks/use-board-filter';

/** As on the board page, which reads the applied filter from the address. */
function Panel() {
  return (
    <AppliedFilterProvider>
      <FilterPanel />
    </AppliedFilterProvider>
  );
}

/** jsdom applies no media queries: the panel is as on a small screen, folded until opened. */
async function renderPanel(path = '/', site?: Partial<SiteConfig>) {
  renderWithProviders(
    site ? (
      <SiteProvider value={site as SiteConfig}>
        <Panel />
      </SiteProvider>
    ) : (
      <Panel />
    ),
    path,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Show filters' }));
  return screen.getByRole('region', { name: 'Filters' });
}

const location = () => screen.getByTestId('location');
const lookups: FakeRoutes<'GET /api/locations' | 'GET /api/categories'> = {
  'GET /api/locations': [200, ['Remote', 'Washington, DC']],
  'GET /api/categories': [200, ['Agencies', 'Fundraising', 'Philanthropy']],
};

describe('the filter panel', () => {
  it('counts the selected categories and applies the draft only on Apply Filters', async () => {
    fakeApi({ ...lookups });
    const panel = await renderPanel();
    const category = within(panel).getByRole('group', { name: /Category/ });
    expect(category).toHaveTextContent('0 selected');
    await userEvent.click(await within(category).findByRole('checkbox', { name: 'Fundraising' }));
    await userEvent.click(within(category).getByRole('checkbox', { name: 'Philanthropy' }));
    expect(category).toHaveTextContent('2 selected');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Part-time' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Remote' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Senior level' }));
    await userEvent.selectOptions(within(panel).getByLabelText('Salary Range'), '100k-plus');
    await userEvent.selectOptions(
      within(panel).getByLabelText('Location'),
      await within(panel).findByRole('option', { name: 'Washington, DC' }),
    );
    expect(location()).toHaveTextContent(/^\/$/);

    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(new URLSearchParams(location().textContent!.slice(2))).toEqual(
      new URLSearchParams(
        'partTime=true&remote=true&senior=true&salary=100k-plus&location=Washington%2C+DC&category=Fundraising&category=Philanthropy',
      ),
    );
  });

  it('Reset Filters restores every default and applies it at once', async () => {
    fakeApi({ ...lookups });
    const panel = await renderPanel('/?q=data&contract=true&category=Agencies&sort=salary-low');
    expect(within(panel).getByRole('checkbox', { name: 'Contract' })).toBeChecked();
    await userEvent.click(within(panel).getByRole('button', { name: 'Reset Filters' }));
    expect(location()).toHaveTextContent(/^\/$/);
    expect(within(panel).getByRole('checkbox', { name: 'Contract' })).not.toBeChecked();
    expect(within(panel).getByRole('group', { name: /Category/ })).toHaveTextContent('0 selected');
  });

  it("applies 'posted within' and 'closing soon' to the address, and shows them from it", async () => {
    fakeApi({ ...lookups });
    const panel = await renderPanel();
    const posted = within(panel).getByLabelText('Posted');
    const closing = within(panel).getByLabelText('Deadline');
    expect(
      within(posted)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any time', 'Last 24 hours', 'Last 7 days', 'Last 30 days']);
    expect(
      within(closing)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any deadline', 'Closing within 7 days']);
    await userEvent.selectOptions(posted, 'Last 7 days');
    await userEvent.selectOptions(closing, 'Closing within 7 days');
    expect(location()).toHaveTextContent(/^\/$/);
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(location()).toHaveTextContent('/?posted=7d&closing=soon');

    await userEvent.selectOptions(within(panel).getByLabelText('Posted'), 'Last 24 hours');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(location()).toHaveTextContent('/?posted=24h&closing=soon');
    await userEvent.click(within(panel).getByRole('button', { name: 'Reset Filters' }));
    expect(location()).toHaveTextContent(/^\/$/);
    expect(within(panel).getByLabelText('Posted')).toHaveValue('any');
    expect(within(panel).getByLabelText('Deadline')).toHaveValue('any');
  });

  it("offers the salary bands in dollars, and 'Stipends and fixed fees' apart from them", async () => {
    fakeApi({ ...lookups });
    const panel = await renderPanel();
    const salary = within(panel).getByLabelText('Salary Range');
    expect(
      within(salary)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Any Salary',
      'Under $50,000',
      '$50,000 - $75,000',
      '$75,000 - $100,000',
      '$100,000 and up',
      'Stipends and fixed fees',
    ]);
    await userEvent.selectOptions(salary, 'Stipends and fixed fees');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(location()).toHaveTextContent('/?salary=totals');
    expect(within(panel).getByLabelText('Salary Range')).toHaveDisplayValue(
      'Stipends and fixed fees',
    );
  });

  it("labels the salary bands in the board's currency", async () => {
    fakeApi({ ...lookups });
    const panel = await renderPanel('/?salary=50k-75k', { currency: 'CAD' });
    const salary = within(panel).getByLabelText('Salary Range');
    expect(
      within(salary)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Any Salary',
      'Under CA$50,000',
      'CA$50,000 - CA$75,000',
      'CA$75,000 - CA$100,000',
      'CA$100,000 and up',
      'Stipends and fixed fees',
    ]);
    expect(salary).toHaveDisplayValue('CA$50,000 - CA$75,000');
  });

  it('offers Any Location first, then the locations of public jobs', async () => {
    fakeApi({ ...lookups });
    const panel = await renderPanel();
    const select = within(panel).getByLabelText('Location');
    expect(select).toHaveValue('any');
    await within(select).findByRole('option', { name: 'Remote' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any Location', 'Remote', 'Washington, DC']);
  });

  it('says so when the locations or categories cannot be fetched', async () => {
    fakeApi({ 'GET /api/locations': [500, {}], 'GET /api/categories': [503, {}] });
    renderWithProviders(<Panel />);
    expect(await screen.findByText('Failed to fetch locations')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch categories')).toBeInTheDocument();
  });

  it('folds behind a toggle on small screens', async () => {
    fakeApi({ ...lookups });
    renderWithProviders(<Panel />);
    const toggle = screen.getByRole('button', { name: 'Show filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
