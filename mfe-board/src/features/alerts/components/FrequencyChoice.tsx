import { ALERT_FREQUENCIES, type AlertFrequency } from '@jobboard/contract/alerts';
import styled from 'styled-components';
import { ALERT_TEXT } from '../messages';

/** How often an alert sends its digest: one radio button a frequency (daily, weekly). */
export function FrequencyChoice({
  value,
  onChange,
}: {
  value: AlertFrequency;
  onChange(frequency: AlertFrequency): void;
}) {
  return (
    <Choices>
      <legend>{ALERT_TEXT.frequency}</legend>
      {ALERT_FREQUENCIES.map((choice) => (
        <label key={choice.value}>
          <input
            type="radio"
            name="frequency"
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />{' '}
          {choice.label}
        </label>
      ))}
    </Choices>
  );
}

const Choices = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  gap: ${({ theme }) => theme.space.lg};
  legend {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;
