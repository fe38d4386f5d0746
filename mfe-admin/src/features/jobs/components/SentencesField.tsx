import { type JobListName, JOB_LIMITS } from '@jobboard/contract/jobs';
import { Button, ErrorText, HintText, Input } from '@jobboard/shared-ui';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { JOB_MESSAGES } from '../messages';

const TEXT = JOB_MESSAGES.lists;

/**
 * Responsibilities, requirements or benefits as a list of entries (issue 25): one text field per
 * entry, each with its own label, and buttons to move it up or down or remove it; 'Add' (or Enter
 * in an entry) opens a new entry and moves the focus there. At most JOB_LIMITS.listItems
 * entries; blank entries are dropped when the job is saved. `errors` holds the form's messages
 * for the list (`name`) and for its entries (`name.2`).
 */
export function SentencesField({
  name,
  value,
  onChange,
  errors,
}: {
  name: JobListName;
  value: string[];
  onChange(entries: string[]): void;
  errors: Record<string, string | undefined>;
}) {
  const id = useId();
  const words = TEXT[name];
  // A key per entry that stays with it when entries move, so focus and typing stay with it too.
  const keys = useRef<number[]>([]);
  const next = useRef(0);
  while (keys.current.length < value.length) keys.current.push(next.current++);
  keys.current.length = value.length;
  const focusIndex = useRef<number | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());

  useEffect(() => {
    if (focusIndex.current === null) return;
    inputs.current.get(keys.current[focusIndex.current]!)?.focus();
    focusIndex.current = null;
  });

  const full = value.length >= JOB_LIMITS.listItems;
  const insert = (at: number) => {
    if (full) return;
    keys.current.splice(at, 0, next.current++);
    focusIndex.current = at;
    onChange([...value.slice(0, at), '', ...value.slice(at)]);
  };
  const remove = (at: number) => {
    keys.current.splice(at, 1);
    onChange(value.filter((_, i) => i !== at));
  };
  const move = (from: number, to: number) => {
    const entries = [...value];
    [entries[from], entries[to]] = [entries[to]!, entries[from]!];
    const order = keys.current;
    [order[from], order[to]] = [order[to]!, order[from]!];
    onChange(entries);
  };
  const onKeyDown = (at: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter opens the next entry; it does not submit the form
    insert(at + 1);
  };

  const listError = errors[name];
  return (
    <Fieldset aria-describedby={`${id}-hint`}>
      <legend>{JOB_MESSAGES.sections[name]}</legend>
      <HintText id={`${id}-hint`}>{TEXT.hint(JOB_LIMITS.listItems, JOB_LIMITS.listItem)}</HintText>
      {value.length === 0 ? (
        <HintText>{TEXT.none}</HintText>
      ) : (
        <Entries>
          {value.map((entry, index) => {
            const key = keys.current[index]!;
            const label = words.entry(index + 1);
            const error = errors[`${name}.${index}`];
            const inputId = `${id}-${key}`;
            return (
              <li key={key}>
                <label htmlFor={inputId}>{label}</label>
                <Row>
                  <Input
                    id={inputId}
                    ref={(element) => {
                      if (element) inputs.current.set(key, element);
                      else inputs.current.delete(key);
                    }}
                    value={entry}
                    onChange={(event) =>
                      onChange(value.map((e, i) => (i === index ? event.target.value : e)))
                    }
                    onKeyDown={onKeyDown(index)}
                    $invalid={!!error}
                    aria-invalid={!!error || undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                  />
                  <EntryButton
                    aria-label={TEXT.moveUp(label)}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </EntryButton>
                  <EntryButton
                    aria-label={TEXT.moveDown(label)}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </EntryButton>
                  <EntryButton aria-label={TEXT.remove(label)} onClick={() => remove(index)}>
                    ×
                  </EntryButton>
                </Row>
                {error && <ErrorText id={`${inputId}-error`}>{error}</ErrorText>}
              </li>
            );
          })}
        </Entries>
      )}
      <div>
        <Button
          type="button"
          $variant="secondary"
          disabled={full}
          onClick={() => insert(value.length)}
        >
          {words.add}
        </Button>
      </div>
      {full && <HintText>{TEXT.full(JOB_LIMITS.listItems)}</HintText>}
      {listError && <ErrorText role="alert">{listError}</ErrorText>}
    </Fieldset>
  );
}

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

const Entries = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  label {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: center;
`;

/** An entry's own actions (move up, move down, remove): small, quiet, never submitting the form. */
const EntryButton = styled(Button).attrs({ type: 'button', $variant: 'ghost', $size: 'sm' })``;
