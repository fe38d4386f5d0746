import { Button, Input, VisuallyHidden } from '@jobboard/shared-ui';
import { useId, useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import { useSearchActions } from '../hooks/use-board-filter';
import { SEARCH_TEXT } from '../messages';
import { useFilterDraft } from '../stores/filter-draft-store';

/** The search bar: the Search button or Enter submits; the clear button empties it and searches. */
export function SearchBar() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const query = useFilterDraft((s) => s.draft.query);
  const { edit, commit } = useSearchActions();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit({ query: query.trim() });
  };

  const clear = () => {
    commit({ query: '' });
    input.current?.focus();
  };

  return (
    <Form role="search" onSubmit={submit}>
      <VisuallyHidden as="label" htmlFor={inputId}>
        {SEARCH_TEXT.searchLabel}
      </VisuallyHidden>
      <Field>
        <SearchInput
          ref={input}
          id={inputId}
          type="search"
          value={query}
          placeholder={SEARCH_TEXT.searchPlaceholder}
          onChange={(event) => edit({ query: event.target.value })}
          autoComplete="off"
          enterKeyHint="search"
        />
        {query && (
          <ClearButton type="button" aria-label={SEARCH_TEXT.clearSearch} onClick={clear}>
            <span aria-hidden="true">×</span>
          </ClearButton>
        )}
      </Field>
      <Button type="submit">{SEARCH_TEXT.searchButton}</Button>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

const Field = styled.div`
  position: relative;
  flex: 1;
  min-width: 0;
`;

const SearchInput = styled(Input)`
  min-height: 2.5rem;
  padding-right: 2.5rem;
  /* The browser's own clear control would duplicate ours. */
  &::-webkit-search-cancel-button {
    appearance: none;
  }
`;

const ClearButton = styled.button`
  position: absolute;
  top: 50%;
  right: ${({ theme }) => theme.space.xs};
  transform: translateY(-50%);
  width: 2rem;
  height: 2rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
  }
`;
