import { WORKPLACE_TEXTS, WORKPLACE_TYPES, type WorkplaceType } from '@jobboard/contract/jobs';
import { ErrorText } from '@jobboard/shared-ui';
import { useField } from 'react-final-form';
import styled from 'styled-components';
import { Fieldset, TextInput, fieldError } from './fields';

/**
 * Where the job is done (issue 47), as every form edits it: the submission's, the employer's
 * proposed changes, the admin's. Final-form fields named as the contract's forms name them
 * (`workplaceType`, `remotePlaces`); the form's struct checks them. The places are asked for only
 * for a hybrid or remote job, and choosing on-site clears them (an on-site job has none).
 */
export function WorkplaceFields() {
  const { input: type, meta } = useField<WorkplaceType | undefined>('workplaceType', {
    subscription: {
      value: true,
      error: true,
      touched: true,
      submitError: true,
      submitFailed: true,
      dirtySinceLastSubmit: true,
    },
  });
  const { input: places } = useField<string | undefined>('remotePlaces', {
    subscription: { value: true },
  });
  const chosen = type.value ?? 'on_site';
  const error = fieldError(meta);
  const choose = (value: WorkplaceType) => {
    type.onChange(value);
    if (value === 'on_site' && places.value) places.onChange('');
  };
  return (
    <Fieldset>
      <legend>{WORKPLACE_TEXTS.field}</legend>
      <Ways role="radiogroup" aria-label={WORKPLACE_TEXTS.field}>
        {WORKPLACE_TYPES.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="workplaceType"
              value={value}
              checked={chosen === value}
              onChange={() => choose(value)}
            />{' '}
            {WORKPLACE_TEXTS.labels[value]}
          </label>
        ))}
      </Ways>
      {error && <ErrorText>{error}</ErrorText>}
      {chosen !== 'on_site' && (
        <TextInput
          name="remotePlaces"
          label={WORKPLACE_TEXTS.places}
          hint={WORKPLACE_TEXTS.placesHelp}
          placeholder="MD, VA, DC"
        />
      )}
    </Fieldset>
  );
}

const Ways = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.xs} 0;
`;
