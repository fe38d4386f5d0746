import { check } from '@jobboard/contract/common';
import {
  BuyerDetails,
  PAYMENT_MESSAGES,
  type BuyerKind,
  type InvoiceRequested,
  type PayPageView,
} from '@jobboard/contract/payments';
import { Button, Stack, errorMessage, formatCents } from '@jobboard/shared-ui';
import { Fieldset, RadioGroup, TextAreaInput, TextInput } from '@jobboard/shared-ui/forms';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { CheckoutButton } from '../../../lib/CheckoutButton';
import { failedSend } from '../../../lib/job-fields';
import { Notice } from '../../../lib/pay-card';
import { requestInvoice, saveBilling } from '../api/billing';
import { startCheckout } from '../api/start-checkout';
import { PAY_MESSAGES } from '../messages';

interface PayValues {
  method: 'card' | 'invoice';
  buyerKind?: BuyerKind;
  legalName?: string;
  billingAddress?: string;
  poNumber?: string;
  taxId?: string;
}

/** The form's values as the API's struct reads them (an emptied field is ''). */
const buyerOf = (values: PayValues): BuyerDetails => ({
  buyerKind: values.buyerKind as BuyerKind,
  legalName: values.legalName ?? '',
  billingAddress: values.billingAddress ?? '',
  poNumber: values.poNumber ?? '',
  taxId: values.taxId ?? '',
});

/**
 * Whether the buyer's details must be given: for an invoice always; for a card when the price
 * depends on the kind of buyer (the admins set a nonprofit or a business price); otherwise they
 * are optional, printed on the card payment's invoice and receipt when given.
 */
const detailsNeeded = (view: PayPageView, values: PayValues) =>
  values.method === 'invoice' ||
  pricedByKind(view) ||
  Boolean(values.legalName?.trim() || values.billingAddress?.trim());

/** Whether the admins set a nonprofit or a business price that differs for this listing. */
const pricedByKind = (view: PayPageView) =>
  view.amountByKind !== undefined && view.amountByKind.nonprofit !== view.amountByKind.business;

/** What is due for the kind chosen (the API's amountByKind), else what the listing owes now. */
const dueFor = (view: PayPageView, kind: BuyerKind | undefined) =>
  kind && view.amountByKind ? view.amountByKind[kind] : view.amountCents;

/**
 * How the listing is paid (issue 47): by card now (Stripe Checkout), or by an invoice Stripe
 * e-mails, due in 30 days, with the organization's legal name, billing address, and an optional
 * PO number and tax id. The fields are checked with the API's own struct, so the page says what
 * the API would, in its words.
 */
export function PayForm({
  token,
  view,
  refresh,
}: {
  token: string;
  view: PayPageView;
  refresh(): Promise<unknown>;
}) {
  const [sent, setSent] = useState<InvoiceRequested | null>(null);
  if (!view.paymentsConfigured) return <Notice role="status">{PAYMENT_MESSAGES.notSetUp}</Notice>;
  if (sent) {
    return (
      <div role="status">
        <h2>{PAY_MESSAGES.invoiceSentTitle}</h2>
        <p>{sent.message}</p>
        {sent.invoiceUrl && <a href={sent.invoiceUrl}>{PAY_MESSAGES.viewInvoice}</a>}
      </div>
    );
  }
  const saved = view.billing;
  const prices = view.amountByKind;
  const kindPrice = (kind: BuyerKind) => formatCents(prices ? prices[kind] : view.amountCents);

  const validate = (values: PayValues) => {
    if (!detailsNeeded(view, values)) return {};
    const result = check(BuyerDetails, buyerOf(values));
    return result.ok ? {} : result.errors;
  };

  const onSubmit = async (values: PayValues) => {
    try {
      if (values.method === 'invoice') {
        setSent(await requestInvoice(token, buyerOf(values)));
        await refresh();
      }
    } catch (failure) {
      return failedSend(failure, errorMessage(failure, PAY_MESSAGES.invoiceFailed));
    }
    return undefined;
  };

  return (
    <Form<PayValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={{
        method: 'card',
        buyerKind: saved?.buyerKind,
        legalName: saved?.legalName,
        billingAddress: saved?.billingAddress,
        poNumber: saved?.poNumber ?? undefined,
        taxId: saved?.taxId ?? undefined,
      }}
    >
      {({ handleSubmit, submitting, submitError, values, form, hasValidationErrors }) => (
        <Stack as="form" $gap="md" onSubmit={handleSubmit} noValidate>
          <RadioGroup
            name="method"
            legend={PAY_MESSAGES.howToPay}
            options={[
              { value: 'card', label: PAY_MESSAGES.byCard },
              { value: 'invoice', label: PAY_MESSAGES.byInvoice },
            ]}
          />
          <Fieldset>
            <legend>{PAY_MESSAGES.billingTitle}</legend>
            {values.method === 'card' && !pricedByKind(view) && (
              <p>{PAY_MESSAGES.billingOptional}</p>
            )}
            <RadioGroup
              name="buyerKind"
              legend={PAY_MESSAGES.buyerKind}
              options={[
                { value: 'nonprofit', label: PAY_MESSAGES.nonprofit(kindPrice('nonprofit')) },
                { value: 'business', label: PAY_MESSAGES.business(kindPrice('business')) },
              ]}
            />
            <TextInput
              name="legalName"
              label={PAY_MESSAGES.legalName}
              autoComplete="organization"
            />
            <TextAreaInput name="billingAddress" label={PAY_MESSAGES.billingAddress} rows={3} />
            <TextInput name="poNumber" label={PAY_MESSAGES.poNumber} />
            <TextInput name="taxId" label={PAY_MESSAGES.taxId} />
          </Fieldset>
          {submitError && <p role="alert">{String(submitError)}</p>}
          {values.method === 'invoice' ? (
            <Button type="submit" disabled={submitting}>
              {submitting ? PAY_MESSAGES.sending : PAY_MESSAGES.sendInvoice}
            </Button>
          ) : (
            <CheckoutButton
              configured
              label={`Pay ${formatCents(dueFor(view, values.buyerKind))}`}
              ready={() => {
                if (!detailsNeeded(view, values) || !hasValidationErrors) return true;
                // What is missing is shown on its field, as a submit shows it; nothing is sent.
                void form.submit();
                return false;
              }}
              start={async () => {
                if (detailsNeeded(view, values)) await saveBilling(token, buyerOf(values));
                return startCheckout(token);
              }}
              refresh={refresh}
            />
          )}
        </Stack>
      )}
    </Form>
  );
}
