import { Checkbox, ErrorText, HintText, Stack } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { useCategories } from '../api/categories';
import { useDraft, useEditDraft } from '../hooks/use-board-filter';
import { SEARCH_TEXT } from '../messages';

/** Category checkboxes with their '{n} selected' counter; the list scrolls above 12rem. */
export function CategoryFilter() {
  const selected = useDraft((draft) => draft.category);
  const edit = useEditDraft();
  const { data: categories = [], error } = useCategories();
  // A category from a shared link stays on the list (and can be unchecked) even when no public job
  // has it any more.
  const choices = [...categories, ...selected.filter((c) => !categories.includes(c))];

  const toggle = (category: string, checked: boolean) =>
    edit({
      category: checked ? [...selected, category] : selected.filter((c) => c !== category),
    });

  return (
    <Group>
      <Legend>
        {SEARCH_TEXT.category}
        <Counter>{SEARCH_TEXT.selected(selected.length)}</Counter>
      </Legend>
      {error && <ErrorText role="alert">{SEARCH_TEXT.categoriesFailed}</ErrorText>}
      {!error && choices.length === 0 && <HintText>{SEARCH_TEXT.noCategories}</HintText>}
      <List as="ul" $gap="xs" data-testid="category-list">
        {choices.map((category) => (
          <li key={category}>
            <Checkbox
              label={category}
              checked={selected.includes(category)}
              onChange={(event) => toggle(category, event.target.checked)}
            />
          </li>
        ))}
      </List>
    </Group>
  );
}

/** A fieldset of the filter panel: its legend and controls one under the other. */
export const Group = styled(Stack).attrs({ as: 'fieldset', $gap: 'xs' })`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

export const Legend = styled.legend`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  width: 100%;
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Counter = styled.span`
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const List = styled(Stack)`
  list-style: none;
  margin: 0;
  padding: 0;
  /* docs/product.md#constants-and-limits: the category list scrolls above 12rem. */
  max-height: 12rem;
  overflow-y: auto;
`;
