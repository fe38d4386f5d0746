import * as contract from '@jobboard/contract/jobs';
import { screen } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { Link, Route } from '@jobboard/shared-ui/router';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test-support/render';
import { SearchBar } from '../components/SearchBar';
import { SortSelect } from '../components/SortSelect';
import { AppliedFilterProvider } from '../hooks/use-board-filter';

// Counts how often the address is read into a filter.
vi.mock('@jobboard/contract/jobs', async (original) => {
  const actual = await original<typeof contract>();
  return { ...actual, filterFromQueryString: vi.fn(actual.filterFromQueryString) };
});

/** The search controls as on the board page, with links that change the address from outside. */
function renderControls(path: string) {
  return renderAt(
    path,
    <>
      <Route
        path="/"
        element={
          <AppliedFilterProvider>
            <SearchBar />
            <SortSelect />
            <Link to="/?q=climate">Shared link</Link>
            <Link to="/bookmarks">Bookmarks</Link>
          </AppliedFilterProvider>
        }
      />
      <Route path="/bookmarks" element={<Link to="/?q=editor">Back to the board</Link>} />
    </>,
  );
}

const box = () => screen.getByRole('searchbox', { name: 'Search jobs' });

describe('the applied filter', () => {
  it('is read from the address once per change of it, however many controls show it', async () => {
    const parse = vi.mocked(contract.filterFromQueryString);
    parse.mockClear();
    renderControls('/?q=editor');
    expect(box()).toHaveValue('editor');
    await userEvent.type(box(), 's');
    expect(parse).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('link', { name: 'Shared link' }));
    expect(box()).toHaveValue('climate');
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('replaces edits not applied yet when the address changes', async () => {
    renderControls('/?q=editor');
    await userEvent.type(box(), 's');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'salary-high');
    // The sort applies at once (a new address); the typed letter went with it.
    expect(screen.getByTestId('location')).toHaveTextContent('/?q=editors&sort=salary-high');
    await userEvent.type(box(), ' draft');
    await userEvent.click(screen.getByRole('link', { name: 'Shared link' }));
    expect(box()).toHaveValue('climate');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('recent');
  });

  it('shows an address the visitor comes back to as it reads, not as it was edited there', async () => {
    renderControls('/?q=climate');
    await userEvent.clear(box());
    await userEvent.type(box(), 'editor{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?q=editor$/);
    // Back on the first address (as with the browser's Back): its own words, not the ones typed.
    await userEvent.click(screen.getByRole('link', { name: 'Shared link' }));
    expect(box()).toHaveValue('climate');
  });

  it('starts from the address again when the page is shown again', async () => {
    renderControls('/?q=editor');
    await userEvent.type(box(), ' draft');
    expect(box()).toHaveValue('editor draft');
    await userEvent.click(screen.getByRole('link', { name: 'Bookmarks' }));
    await userEvent.click(screen.getByRole('link', { name: 'Back to the board' }));
    expect(box()).toHaveValue('editor');
  });
});
