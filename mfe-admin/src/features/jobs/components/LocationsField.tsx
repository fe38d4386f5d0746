import { cleanLocations } from '@jobboard/contract';
import { Button, ErrorText, Input, Label, Select } from '@jobboard/shared-ui';
import { useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';

/**
 * Locations as a list (SPEC.md 5): type one and press Enter (trimmed, no repeats in any letter
 * case), or pick one already used on the board; each can be removed.
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
    onChange(cleanLocations([...value, location]));
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds a location; it does not submit the form
    if (draft.trim()) add(draft);
  };
  const pickable = existing.filter((l) => !value.some((v) => v.toLowerCase() === l.toLowerCase()));
  return (
    <Wrap>
      <Label htmlFor={`${id}-new`}>Locations</Label>
      {value.length > 0 && (
        <Chips aria-label="Locations added">
          {value.map((location) => (
            <li key={location}>
              {location}
              <button
                type="button"
                aria-label={`Remove ${location}`}
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
          placeholder="Type a location and press Enter"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          $invalid={!!error}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="button" $variant="secondary" onClick={() => draft.trim() && add(draft)}>
          Add
        </Button>
      </Row>
      {pickable.length > 0 && (
        <Select
          label="Or pick an existing location"
          value=""
          placeholder="Choose a location"
          options={pickable.map((l) => ({ value: l, label: l }))}
          onChange={(event) => event.target.value && add(event.target.value)}
        />
      )}
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </Wrap>
  );
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
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
