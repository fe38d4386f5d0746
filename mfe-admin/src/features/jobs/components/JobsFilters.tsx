import {
  ADMIN_JOB_STATUSES,
  ADMIN_PAGE_SIZES,
  JOB_SOURCES,
  type AdminJobsQuery,
} from '@jobboard/contract/admin';
import { CHECK_IN_MESSAGES } from '@jobboard/contract/employer';
import { APPLY_LINK_TEXT } from '@jobboard/contract/jobs';
import { Button, Checkbox, Select } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { ListFilters } from '../../../lib/ListSearch';
import { JOB_MESSAGES } from '../messages';

interface JobsFiltersProps {
  view: AdminJobsQuery;
  /** Jobs whose still-hiring check-in went unanswered (the API's count; absent from an older one). */
  unansweredCheckIns?: number;
  onChange(change: Partial<AdminJobsQuery>): void;
  onClear(): void;
}

/** The jobs list's search and filters; each change goes into the address (and so the view). */
export function JobsFilters({ view, unansweredCheckIns, onChange, onClear }: JobsFiltersProps) {
  const choice = <T extends string>(value: string) => (value === '' ? undefined : (value as T));
  return (
    <Filters id="jobs-search" texts={JOB_MESSAGES} query={view.q} onSearch={(q) => onChange({ q })}>
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
        label={APPLY_LINK_TEXT.filterLabel}
        value={view.link ?? ''}
        onChange={(event) => onChange({ link: choice(event.target.value) })}
        options={[
          { value: '', label: APPLY_LINK_TEXT.anyLink },
          { value: 'flagged', label: APPLY_LINK_TEXT.flaggedChoice },
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
      {unansweredCheckIns !== undefined && (
        <Checkbox
          label={CHECK_IN_MESSAGES.unansweredFilter(unansweredCheckIns)}
          checked={view.checkIn === 'unanswered'}
          onChange={(event) =>
            onChange({ checkIn: event.target.checked ? 'unanswered' : undefined })
          }
        />
      )}
      <Button type="button" $variant="ghost" onClick={onClear}>
        {JOB_MESSAGES.clearFilters}
      </Button>
    </Filters>
  );
}

const Filters = styled(ListFilters)`
  margin-bottom: ${({ theme }) => theme.space.md};
  align-items: flex-end;
`;
