import { SORT_OPTIONS } from '@jobboard/contract/jobs';
import { screen } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render';
import { SortSelect } from '../components/SortSelect';
import { AppliedFilterProvider } from '../hooks/use-board-filter';

/** As on the board page, which reads the applied filter from the address. */
function Sort() {
  return (
    <AppliedFilterProvider>
      <SortSelect />
    </AppliedFilterProvider>
  );
}

describe('the sort dropdown', () => {
  it('offers the four orders after its placeholder, Most Recent by default', () => {
    renderWithProviders(<Sort />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Sort by',
      'Most Relevant',
      'Most Recent',
      'Highest Salary',
      'Lowest Salary',
    ]);
    expect(options[0]).toBeDisabled();
    expect(options.slice(1).map((o) => (o as HTMLOptionElement).value)).toEqual(
      SORT_OPTIONS.map((o) => o.value),
    );
    expect(select).toHaveValue('recent');
  });

  it('sorts at once: the order goes into the address, except the default', async () => {
    renderWithProviders(<Sort />, '/?q=data');
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    await userEvent.selectOptions(select, 'salary-high');
    expect(screen.getByTestId('location')).toHaveTextContent('/?q=data&sort=salary-high');
    await userEvent.selectOptions(select, 'recent');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?q=data$/);
  });

  it('shows the order of a shared link', () => {
    renderWithProviders(<Sort />, '/?sort=salary-low');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('salary-low');
  });
});
