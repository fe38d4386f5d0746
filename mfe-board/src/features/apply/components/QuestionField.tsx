import { APPLICATION_LABELS, type ScreeningQuestion } from '@jobboard/contract/applications';
import { RadioGroup, SelectInput, TextInput } from '@jobboard/shared-ui/forms';

const YES_NO = [
  { value: 'yes', label: APPLICATION_LABELS.yes },
  { value: 'no', label: APPLICATION_LABELS.no },
];

/**
 * One of the employer's questions, under `answers.<id>`: a short text, Yes / No radios (`yes` /
 * `no`, the values the server takes) or one of a list. An optional one says so in its label.
 */
export function QuestionField({ question }: { question: ScreeningQuestion }) {
  const name = `answers.${question.id}`;
  const label = question.required
    ? question.label
    : APPLICATION_LABELS.optionalQuestion(question.label);
  if (question.kind === 'yesNo') return <RadioGroup name={name} legend={label} options={YES_NO} />;
  if (question.kind === 'choice') {
    return (
      <SelectInput
        name={name}
        label={label}
        placeholder={APPLICATION_LABELS.chooseOne}
        options={question.choices.map((choice) => ({ value: choice, label: choice }))}
      />
    );
  }
  return <TextInput name={name} label={label} required={question.required} />;
}
