import { distinctLabels, labelKey } from '@jobboard/contract/jobs';
import { Button, Cluster, ErrorText, Input, Label, Select, Stack } from '@jobboard/shared-ui';
import { useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { JOB_MESSAGES } from '../messages';

const TEXT = JOB_MESSAGES.locations;

/**
 * Locations as a list (docs/product.md#validation): type one and press Enter (trimmed, no repeats
 * of one label, as the API keys them: labelKey), or pick one already used on the board; each can
 * be removed.
 */
export function LocationsField({
  value,
  onChange,
  existing,
  error,
}: {
  value: string[];
  onChange(locations: string[]): void;
  existing: string[];
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const add = (location: string) => {
    onChange(distinctLabels([...value, location]));
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds a location; it does not submit the form
    if (draft.trim()) add(draft);
  };
  const added = new Set(value.map(labelKey));
  const pickable = existing.filter((l) => !added.has(labelKey(l)));
  return (
    <Stack $gap="xs">
      <Label htmlFor={`${id}-new`}>{TEXT.label}</Label>
      {value.length > 0 && (
        <Chips as="ul" $gap="xs" aria-label={TEXT.added}>
          {value.map((location) => (
            <li key={location}>
              {location}
              <button
                type="button"
                aria-label={TEXT.remove(location)}
                onClick={() => onChange(value.filter((l) => l !== location))}
              >
                ×
              </button>
            </li>
          ))}
        </Chips>
      )}
      <Row>
        <Input
          id={`${id}-new`}
          value={draft}
          placeholder={TEXT.placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          $invalid={!!error}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="button" $variant="secondary" onClick={() => draft.trim() && add(draft)}>
          {TEXT.add}
        </Button>
      </Row>
      {pickable.length > 0 && (
        <Select
          label={TEXT.pick}
          value=""
          placeholder={TEXT.pickPlaceholder}
          options={pickable.map((l) => ({ value: l, label: l }))}
          onChange={(event) => event.target.value && add(event.target.value)}
        />
      )}
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </Stack>
  );
}

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

const Chips = styled(Cluster)`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    padding: 0.125rem ${({ theme }) => theme.space.sm};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  button {
    border: 0;
    background: transparent;
    cursor: pointer;
    font-size: 1rem;
    line-height: 1;
    color: ${({ theme }) => theme.colors.text};
  }
`;
