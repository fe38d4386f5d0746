import { LISTING_TIERS } from '@jobboard/contract/submissions';
import { Field } from 'react-final-form';
import styled from 'styled-components';
import { Fieldset } from '@jobboard/shared-ui/forms';
import { TierDetails } from './TierCard';

/**
 * The two tiers as selectable cards. They are real radio buttons underneath, so the arrow keys,
 * Space and screen readers work as with any radio group.
 */
export function ListingTypeField() {
  return (
    <Fieldset>
      <legend>Choose your listing</legend>
      <Cards>
        {LISTING_TIERS.map((tier) => (
          <Field key={tier.id} name="listingType" type="radio" value={tier.id}>
            {({ input }) => (
              <Option $checked={!!input.checked}>
                <input {...input} aria-label={`${tier.name}, $${tier.price}, ${tier.duration}`} />
                <TierDetails tier={tier} />
              </Option>
            )}
          </Field>
        ))}
      </Cards>
    </Fieldset>
  );
}

const Cards = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
`;

const Option = styled.label<{ $checked: boolean }>`
  position: relative;
  display: block;
  padding: ${({ theme }) => theme.space.md};
  padding-left: 2.75rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid
    ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.primarySoft : theme.colors.surface)};
  cursor: pointer;
  input {
    position: absolute;
    left: ${({ theme }) => theme.space.md};
    top: 1.1rem;
    width: 1.1rem;
    height: 1.1rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
