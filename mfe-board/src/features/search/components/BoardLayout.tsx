import { Stack, media } from '@jobboard/shared-ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { RESULTS_HEADING_ID } from '../hooks/use-board-results';
import { SEARCH_TEXT } from '../messages';
import { FeedLinks } from './FeedLinks';
import { FilterPanel } from './FilterPanel';
import { SearchBar } from './SearchBar';
import { SortSelect } from './SortSelect';

/**
 * The board home's frame: the search bar, the filter panel beside the results (above them on small
 * screens), the count heading and the sort dropdown, and under the results the feeds of the search.
 * The results themselves are `children`.
 */
export function BoardLayout({
  total,
  totalExact = true,
  busy,
  actions,
  children,
}: {
  total?: number;
  /** False when a broad search was counted only up to the cap: '1,000+'. */
  totalExact?: boolean;
  /** A new page is loading while the previous one is still shown. */
  busy: boolean;
  /** Beside the sort dropdown: what can be done with this search ('Get these jobs by e-mail'). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page $gap="lg">
      <SearchBar />
      <Columns>
        <div>
          <FilterPanel />
        </div>
        <Results as="section" aria-labelledby={RESULTS_HEADING_ID}>
          <ResultsTop>
            <Heading id={RESULTS_HEADING_ID} tabIndex={-1}>
              {total === undefined
                ? SEARCH_TEXT.headingBeforeCount
                : SEARCH_TEXT.heading(total, totalExact)}
            </Heading>
            <Tools>
              {actions}
              <SortSelect />
            </Tools>
          </ResultsTop>
          <ResultsBody aria-busy={busy} $busy={busy}>
            {children}
          </ResultsBody>
          <FeedLinks />
        </Results>
      </Columns>
    </Page>
  );
}

const Page = styled(Stack)`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.md} ${theme.space.xl}`};
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  ${media.md} {
    grid-template-columns: 16rem minmax(0, 1fr);
  }
  ${media.lg} {
    grid-template-columns: 18rem minmax(0, 1fr);
  }
`;

const Results = styled(Stack)`
  min-width: 0;
`;

const ResultsTop = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

const ResultsBody = styled(Stack)<{ $busy: boolean }>`
  opacity: ${({ $busy }) => ($busy ? 0.6 : 1)};
  transition: opacity 150ms ease;
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  scroll-margin-top: ${({ theme }) => theme.space.md};
  &:focus {
    outline: none;
  }
`;
