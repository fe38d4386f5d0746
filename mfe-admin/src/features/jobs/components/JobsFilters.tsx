import {
  ADMIN_JOB_STATUSES,
  ADMIN_PAGE_SIZES,
  JOB_SOURCES,
  type AdminJobsQuery,
} from '@jobboard/contract';
import { Button, Checkbox, Cluster, Input, Label, Select } from '@jobboard/shared-ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { JOB_MESSAGES } from '../messages';

interface JobsFiltersProps {
  view: AdminJobsQuery;
  onChange(change: Partial<AdminJobsQuery>): void;
  onClear(): void;
}

/** The jobs list's search and filters; each change goes into the address (and so the view). */
export function JobsFilters({ view, onChange, onClear }: JobsFiltersProps) {
  const [text, setText] = useState(view.q ?? '');
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: text.trim() || undefined });
  };
  const choice = <T extends string>(value: string) => (value === '' ? undefined : (value as T));
  return (
    <Form role="search" aria-label={JOB_MESSAGES.search} onSubmit={search}>
      <Cluster $gap="sm">
        <SearchBox>
          <Label htmlFor="jobs-search">{JOB_MESSAGES.search}</Label>
          <Cluster $gap="xs">
            <Input
              id="jobs-search"
              type="search"
              value={text}
              maxLength={200}
              placeholder={JOB_MESSAGES.searchHint}
              onChange={(event) => setText(event.target.value)}
            />
            <Button type="submit" $variant="secondary">
              {JOB_MESSAGES.searchButton}
            </Button>
          </Cluster>
        </SearchBox>
        <Select
          label={JOB_MESSAGES.status}
          value={view.status ?? ''}
          onChange={(event) => onChange({ status: choice(event.target.value) })}
          options={[
            { value: '', label: JOB_MESSAGES.anyStatus },
            ...ADMIN_JOB_STATUSES.map((s) => ({ value: s, label: JOB_MESSAGES.statuses[s] })),
          ]}
        />
        <Select
          label={JOB_MESSAGES.featured}
          value={view.featured ?? ''}
          onChange={(event) => onChange({ featured: choice(event.target.value) })}
          options={[
            { value: '', label: JOB_MESSAGES.anyFeatured },
            { value: 'yes', label: JOB_MESSAGES.featuredChoices.yes },
            { value: 'no', label: JOB_MESSAGES.featuredChoices.no },
          ]}
        />
        <Select
          label={JOB_MESSAGES.source}
          value={view.source ?? ''}
          onChange={(event) => onChange({ source: choice(event.target.value) })}
          options={[
            { value: '', label: JOB_MESSAGES.anySource },
            ...JOB_SOURCES.map((s) => ({ value: s, label: JOB_MESSAGES.sources[s] })),
          ]}
        />
        <Select
          label={JOB_MESSAGES.pageSize}
          value={String(view.pageSize)}
          onChange={(event) => onChange({ pageSize: Number(event.target.value) })}
          options={ADMIN_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
        />
        <Checkbox
          label={JOB_MESSAGES.expiring}
          checked={view.expiring === 'yes'}
          onChange={(event) => onChange({ expiring: event.target.checked ? 'yes' : undefined })}
        />
        <Button
          type="button"
          $variant="ghost"
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          {JOB_MESSAGES.clearFilters}
        </Button>
      </Cluster>
    </Form>
  );
}

const Form = styled.form`
  margin-bottom: ${({ theme }) => theme.space.md};
  align-items: flex-end;
`;

const SearchBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;
