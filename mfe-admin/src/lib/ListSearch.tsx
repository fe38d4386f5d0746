import { MAX_QUERY_LENGTH } from '@jobboard/contract/common';
import { Button, Cluster, Input, Label } from '@jobboard/shared-ui';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';

interface ListSearchProps {
  /** The input's id (its label points at it). */
  id: string;
  label: string;
  hint: string;
  submitLabel: string;
  /** The search in the address now. */
  query: string | undefined;
  /** A new search: trimmed, undefined when blank. */
  onSearch(query: string | undefined): void;
}

/**
 * The search box of an admin list (the jobs list, the review queue): the text goes into the
 * address when the admin presses Search or Enter, not on every key, so each search is one request
 * and one shareable address. Bounded as the API's list query is.
 */
export function ListSearch({ id, label, hint, submitLabel, query, onSearch }: ListSearchProps) {
  const [text, setText] = useState(query ?? '');
  return (
    <Box
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim() || undefined);
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <Cluster $gap="xs">
        <Input
          id={id}
          type="search"
          value={text}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={hint}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" $variant="secondary">
          {submitLabel}
        </Button>
      </Cluster>
    </Box>
  );
}

const Box = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

/** What a list's search region says: its name, the box's hint and the button. */
interface ListSearchTexts {
  search: string;
  searchHint: string;
  searchButton: string;
}

/**
 * An admin list's search region (the jobs list, the review queue): the search box, then the
 * list's own filters (`children`), in one row.
 */
export function ListFilters({
  id,
  texts,
  query,
  onSearch,
  className,
  children,
}: {
  id: string;
  texts: ListSearchTexts;
  query: string | undefined;
  onSearch(query: string | undefined): void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="search" aria-label={texts.search} className={className}>
      <Cluster $gap="sm">
        <ListSearch
          key={query ?? ''}
          id={id}
          label={texts.search}
          hint={texts.searchHint}
          submitLabel={texts.searchButton}
          query={query}
          onSearch={onSearch}
        />
        {children}
      </Cluster>
    </div>
  );
}
