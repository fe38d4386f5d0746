import { EXPERIENCE_LEVELS } from '@jobboard/contract/common';
import {
  ANY_LOCATION,
  CLOSING_CHOICES,
  DEFAULT_CURRENCY,
  JOB_TYPE_FILTERS,
  POSTED_WITHIN,
  SALARY_RANGES,
  WORKPLACE_FILTERS,
  WORKPLACE_TEXTS,
  salaryRangeLabel,
  workplaceFlagsOf,
  type SearchFilter,
} from '@jobboard/contract/jobs';
import {
  Button,
  Checkbox,
  Cluster,
  ErrorText,
  Panel,
  Select,
  media,
  useSite,
  type SelectOption,
} from '@jobboard/shared-ui';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLocations } from '../api/locations';
import { useDraft, useSearchActions } from '../hooks/use-board-filter';
import { SEARCH_TEXT } from '../messages';
import { CategoryFilter, Group, Legend } from './CategoryFilter';

/** The salary bands in the board's currency ('Under £50,000'), 'Stipends and fixed fees' last. */
const salaryOptions = (currency: string) =>
  SALARY_RANGES.map(({ value }) => ({ value, label: salaryRangeLabel(value, currency) }));
const postedOptions = POSTED_WITHIN.map(({ value, label }) => ({ value, label }));
const closingOptions = CLOSING_CHOICES.map(({ value, label }) => ({ value, label }));

/** The filters that are one choice out of a list. */
type OneChoice = 'location' | 'salaryRange' | 'postedWithin' | 'closing';

/**
 * The filter panel (docs/product.md#routes-and-screens). Edits go to the draft; Apply Filters commits it, Reset Filters
 * restores the defaults and applies them at once. On small screens it folds behind a toggle.
 */
export function FilterPanel() {
  const bodyId = useId();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const draft = useDraft((current) => current);
  const { edit, commit, reset } = useSearchActions();
  const { data: locations = [], error: locationsError } = useLocations();
  const currency = useSite()?.currency ?? DEFAULT_CURRENCY;

  const locationOptions = [
    { value: ANY_LOCATION, label: SEARCH_TEXT.anyLocation },
    ...[...locations, ...(draft.location !== ANY_LOCATION ? [draft.location] : [])]
      .filter((value, index, all) => all.indexOf(value) === index)
      .map((value) => ({ value, label: value })),
  ];

  /** A filter of one choice out of a list: the draft's value, edited in place. */
  const oneOf = (name: OneChoice, label: string, options: SelectOption[]) => (
    <Select
      label={label}
      options={options}
      value={draft[name]}
      onChange={(event) => edit({ [name]: event.target.value } as Partial<SearchFilter>)}
    />
  );

  const editJobType = (change: Partial<SearchFilter['jobType']>) =>
    edit({ jobType: { ...draft.jobType, ...change } });
  // On-site, hybrid, remote (issue 47); a filter read from an older board's state may hold its
  // Remote box in jobType.remote, which the Remote box here stands for from now on.
  const workplace = workplaceFlagsOf(draft);
  const editWorkplace = (change: Partial<SearchFilter['workplace']>) =>
    edit({ workplace: { ...workplace, ...change }, jobType: { ...draft.jobType, remote: false } });
  const editExperience = (change: Partial<SearchFilter['experience']>) =>
    edit({ experience: { ...draft.experience, ...change } });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };

  return (
    <Panel aria-labelledby={headingId}>
      <Top>
        <Title id={headingId}>{SEARCH_TEXT.filtersTitle}</Title>
        <Toggle
          type="button"
          $variant="secondary"
          $size="sm"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? SEARCH_TEXT.hideFilters : SEARCH_TEXT.showFilters}
        </Toggle>
      </Top>
      <Body id={bodyId} $open={open} onSubmit={apply}>
        <CategoryFilter />

        <div>
          {oneOf('location', SEARCH_TEXT.location, locationOptions)}
          {locationsError && <ErrorText role="alert">{SEARCH_TEXT.locationsFailed}</ErrorText>}
        </div>

        <Group>
          <Legend>{SEARCH_TEXT.jobType}</Legend>
          {JOB_TYPE_FILTERS.map(({ flag, label }) => (
            <Checkbox
              key={flag}
              label={label}
              checked={draft.jobType[flag]}
              onChange={(event) => editJobType({ [flag]: event.target.checked })}
            />
          ))}
        </Group>

        <Group>
          <Legend>{WORKPLACE_TEXTS.field}</Legend>
          {WORKPLACE_FILTERS.map(({ flag, label }) => (
            <Checkbox
              key={flag}
              label={label}
              checked={workplace[flag]}
              onChange={(event) => editWorkplace({ [flag]: event.target.checked })}
            />
          ))}
        </Group>

        <Group>
          <Legend>{SEARCH_TEXT.experience}</Legend>
          {EXPERIENCE_LEVELS.map((level) => (
            <Checkbox
              key={level}
              label={SEARCH_TEXT.experienceLevels[level]}
              checked={draft.experience[level]}
              onChange={(event) => editExperience({ [level]: event.target.checked })}
            />
          ))}
        </Group>

        {oneOf('salaryRange', SEARCH_TEXT.salaryRange, salaryOptions(currency))}
        {oneOf('postedWithin', SEARCH_TEXT.postedWithin, postedOptions)}
        {oneOf('closing', SEARCH_TEXT.closing, closingOptions)}

        <Actions>
          <Button type="submit">{SEARCH_TEXT.apply}</Button>
          <Button type="button" $variant="secondary" onClick={reset}>
            {SEARCH_TEXT.reset}
          </Button>
        </Actions>
      </Body>
    </Panel>
  );
}

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Toggle = styled(Button)`
  ${media.md} {
    display: none;
  }
`;

/** Folded on small screens unless opened; always shown from the md breakpoint up. */
const Body = styled.form<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  margin-top: ${({ theme }) => theme.space.md};
  ${media.md} {
    display: flex;
  }
`;

const Actions = styled(Cluster)`
  & > * {
    flex: 1;
  }
`;
