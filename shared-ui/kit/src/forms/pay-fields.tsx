import { COMMON_CURRENCIES, PAY_FIELD_LABELS, PAY_PERIODS } from '@jobboard/contract/jobs';
import { HintText } from '@jobboard/shared-ui';
import { useId } from 'react';
import styled from 'styled-components';
import { Fieldset, SelectInput, TextInput } from './fields';

const LABELS = PAY_FIELD_LABELS;

const periodOptions = PAY_PERIODS.map(({ value, label }) => ({ value, label }));

/** The currencies offered: the board's first, the common ones, and the one the form holds. */
function currencyOptions(boardCurrency: string, current?: string) {
  const codes = [boardCurrency, ...COMMON_CURRENCIES, ...(current ? [current] : [])];
  return [...new Set(codes)].map((code) => ({ value: code, label: code }));
}

/**
 * The pay of a job as every form edits it (docs/product.md#pay): the figures, what they are per,
 * the currency and a benefits line; the admin form also the pay in words. Final-form fields named
 * as the contract's forms name them (salaryMin, salaryMax, salaryPeriod, salaryCurrency,
 * benefitsSummary, salaryText); the form's struct checks them.
 */
export function PayFields({
  boardCurrency,
  currency,
  words = false,
}: {
  /** The board's currency (site.currency): offered first, and what a blank currency means. */
  boardCurrency: string;
  /** The currency the form holds now (a job in another currency keeps it on offer). */
  currency?: string;
  /** Offer the pay in words too (the admin form: jobs from a source may have only words). */
  words?: boolean;
}) {
  const hintId = useId();
  return (
    <Fieldset aria-describedby={hintId}>
      <legend>{LABELS.legend}</legend>
      <HintText id={hintId}>{LABELS.amountHint}</HintText>
      <Row>
        {/* Text with a figures keyboard, not type=number: a browser would drop '65,000' or
            '$27.50' as no number at all, where the contract reads them (parseAmount) or says why not. */}
        <TextInput name="salaryMin" label={LABELS.min} inputMode="decimal" />
        <TextInput name="salaryMax" label={LABELS.max} inputMode="decimal" />
        <SelectInput name="salaryPeriod" label={LABELS.period} options={periodOptions} />
        <SelectInput
          name="salaryCurrency"
          label={LABELS.currency}
          options={currencyOptions(boardCurrency, currency)}
          placeholder={boardCurrency}
        />
      </Row>
      <TextInput name="benefitsSummary" label={LABELS.benefits} hint={LABELS.benefitsHint} />
      {words && <TextInput name="salaryText" label={LABELS.text} hint={LABELS.textHint} />}
    </Fieldset>
  );
}

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;
