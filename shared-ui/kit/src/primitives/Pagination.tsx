import styled from 'styled-components';
import { Button } from './Button';

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange(page: number): void;
  /** How many numbered pages to show around the current one before eliding with '...'. */
  siblings?: number;
}

/**
 * Previous / numbered pages / Next; Previous is disabled on the first page and Next on the last
 * (docs/product.md#routes-and-screens). Long ranges are elided around the current page.
 */
export function Pagination({ page, pageCount, onPageChange, siblings = 1 }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <Nav aria-label="Pagination">
      <Button
        $variant="secondary"
        $size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </Button>
      {pageItems(page, pageCount, siblings).map((item, index) =>
        item === 'gap' ? (
          <Gap key={`gap-${index}`} aria-hidden="true">
            ...
          </Gap>
        ) : (
          <Button
            key={item}
            $variant={item === page ? 'primary' : 'secondary'}
            $size="sm"
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onPageChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button
        $variant="secondary"
        $size="sm"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </Nav>
  );
}

/** The page numbers to show: first, last, and `siblings` either side of the current page. */
export function pageItems(page: number, pageCount: number, siblings = 1): (number | 'gap')[] {
  const items: (number | 'gap')[] = [];
  for (let n = 1; n <= pageCount; n++) {
    const near = Math.abs(n - page) <= siblings;
    if (n === 1 || n === pageCount || near) items.push(n);
    else if (items[items.length - 1] !== 'gap') items.push('gap');
  }
  return items;
}

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: ${({ theme }) => theme.space.lg} 0;
`;

const Gap = styled.span`
  align-self: center;
  padding: 0 ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;
