import { render, screen } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SharedUiProvider } from '../SharedUiProvider';
import { Pagination, pageItems } from '../primitives/Pagination';

const renderPagination = (page: number, pageCount: number) => {
  const onPageChange = vi.fn();
  render(
    <SharedUiProvider>
      <Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} />
    </SharedUiProvider>,
  );
  return onPageChange;
};

describe('<Pagination />', () => {
  it('disables Previous on the first page and Next on the last', () => {
    renderPagination(1, 3);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('disables Next on the last page', () => {
    renderPagination(3, 3);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('marks the current page and moves by number, Previous and Next', async () => {
    const onPageChange = renderPagination(2, 3);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1], [3]]);
  });

  it('shows nothing for a single page', () => {
    const { container } = render(
      <SharedUiProvider>
        <Pagination page={1} pageCount={1} onPageChange={() => {}} />
      </SharedUiProvider>,
    );
    expect(container.querySelector('nav')).toBeNull();
  });

  it('elides long ranges around the current page', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
  });
});
