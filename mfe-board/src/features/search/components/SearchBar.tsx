import { SEARCH_QUERY_PARAM } from '@jobboard/contract/jobs';
import { Button, Input, VisuallyHidden } from '@jobboard/shared-ui';
import { useId, useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import { useDraft, useSearchActions } from '../hooks/use-board-filter';
import { SEARCH_TEXT } from '../messages';

/**
 * The search bar: the Search button or Enter submits; the clear button empties it and searches.
 * Before the page is live (the server's HTML, not yet taken over) the form still works: the
 * browser sends it as `/?q=...`, the address of that search.
 */
export function SearchBar() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const query = useDraft((draft) => draft.query);
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
    <Form role="search" action="/" method="get" onSubmit={submit}>
      <VisuallyHidden as="label" htmlFor={inputId}>
        {SEARCH_TEXT.searchLabel}
      </VisuallyHidden>
      <Field>
        <SearchInput
          ref={input}
          id={inputId}
          name={SEARCH_QUERY_PARAM}
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
