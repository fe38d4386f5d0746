import { SORT_OPTIONS, type SortOption } from '@jobboard/contract/jobs';
import { Select } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { useDraft, useSearchActions } from '../hooks/use-board-filter';
import { SEARCH_TEXT } from '../messages';

const options = SORT_OPTIONS.map(({ value, label }) => ({ value, label }));

/** The sort dropdown (docs/product.md#routes-and-screens); picking an order searches at once. Sorting is the server's. */
export function SortSelect() {
  const sortOption = useDraft((draft) => draft.sortOption);
  const { commit } = useSearchActions();
  return (
    <Wrap>
      <Select
        label={SEARCH_TEXT.sortLabel}
        placeholder={SEARCH_TEXT.sortPlaceholder}
        options={options}
        value={sortOption}
        onChange={(event) => commit({ sortOption: event.target.value as SortOption })}
      />
    </Wrap>
  );
}

const Wrap = styled.div`
  min-width: 12rem;
`;
