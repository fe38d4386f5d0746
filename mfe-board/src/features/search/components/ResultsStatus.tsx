import { Button, EmptyState, Notice, Spinner, VisuallyHidden } from '@jobboard/shared-ui';
import styled from 'styled-components';
import type { BoardResults } from '../hooks/use-board-results';
import { SEARCH_TEXT } from '../messages';

/**
 * What is said around the list: the loading spinner, the failure with a retry, the empty state,
 * and (for screen readers) how many jobs were found once a search settles.
 */
export function ResultsStatus({ results }: { results: BoardResults }) {
  const { isLoading, error, total, totalExact, jobs, retry } = results;
  return (
    <>
      {/* With a page already on screen, the layout dims it instead (no flash to empty). */}
      {isLoading && jobs.length === 0 && <Spinner label={SEARCH_TEXT.loading} />}
      {!isLoading && error !== undefined && (
        <Notice role="alert" $tone="danger">
          <p>{SEARCH_TEXT.searchFailed}</p>
          <Button type="button" $variant="secondary" $size="sm" onClick={retry}>
            {SEARCH_TEXT.retry}
          </Button>
        </Notice>
      )}
      {!isLoading && !error && total === 0 && (
        <Empty>
          <h3>{SEARCH_TEXT.emptyTitle}</h3>
          <p>{SEARCH_TEXT.emptyHint}</p>
        </Empty>
      )}
      <VisuallyHidden role="status">
        {!isLoading && total !== undefined
          ? SEARCH_TEXT.resultsAnnouncement(total, totalExact)
          : ''}
      </VisuallyHidden>
    </>
  );
}

const Empty = styled(EmptyState)`
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
