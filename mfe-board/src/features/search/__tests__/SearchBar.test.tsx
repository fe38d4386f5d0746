import { screen } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render';
import { SearchBar } from '../components/SearchBar';
import { AppliedFilterProvider } from '../hooks/use-board-filter';

/** As on the board page, which reads the applied filter from the address. */
function Search() {
  return (
    <AppliedFilterProvider>
      <SearchBar />
    </AppliedFilterProvider>
  );
}

const location = () => screen.getByTestId('location');

describe('the search bar', () => {
  it('searches with the Search button and with Enter', async () => {
    renderWithProviders(<Search />);
    const box = screen.getByRole('searchbox', { name: 'Search jobs' });
    expect(box).toHaveAttribute('placeholder', 'Search for jobs, organizations, or locations');
    await userEvent.type(box, 'grants');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toHaveTextContent('/?q=grants');
    await userEvent.clear(box);
    await userEvent.type(box, '  climate {Enter}');
    expect(location()).toHaveTextContent('/?q=climate');
  });

  it('clears the query and searches again, keeping the other filters', async () => {
    renderWithProviders(<Search />, '/?q=editor&remote=true');
    const box = screen.getByRole('searchbox', { name: 'Search jobs' });
    expect(box).toHaveValue('editor');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(location()).toHaveTextContent(/^\/\?remote=true$/);
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });
});
