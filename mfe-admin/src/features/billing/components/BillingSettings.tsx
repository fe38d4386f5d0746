import { check } from '@jobboard/contract/common';
import { AdminSettingsUpdate, type AdminSettings } from '@jobboard/contract/employer';
import {
  BILLING_MESSAGES,
  type InvoicePublishing,
  type TierPrices,
} from '@jobboard/contract/payments';
import { LISTING_TIERS, type ListingTierId } from '@jobboard/contract/submissions';
import {
  ApiError,
  Button,
  Card,
  Stack,
  TextArea,
  TextField,
  errorMessage,
  toast,
} from '@jobboard/shared-ui';
import { useState, type FormEvent } from 'react';
import { updateSettings, useSettings } from '../api';

/** The section's texts (the API's own messages come from the contract). */
export const BILLING_TEXT = {
  title: 'Billing',
  publishing: 'A listing billed by invoice goes live',
  onPayment: 'when the invoice is paid',
  onApproval: 'when the invoice is sent (due in 30 days)',
  legalName: "The publication's legal name",
  address: "The publication's postal address",
  ein: 'EIN',
  einHint: 'Printed on receipts and invoices, as 12-3456789.',
  price: (tier: string, kind: string) => `${tier}: ${kind} price ($)`,
  priceHint: 'Empty: the list price.',
  save: 'Save billing settings',
  saved: 'Billing settings saved',
  failed: 'The billing settings could not be saved',
} as const;

const KINDS = ['nonprofit', 'business'] as const;
type PriceTexts = Record<ListingTierId, Record<(typeof KINDS)[number], string>>;

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
/** A price as typed: '' is none (the list price); anything else in cents, NaN when not a number. */
const cents = (text: string) => (text.trim() === '' ? null : Math.round(Number(text) * 100));

/**
 * Billing's settings (issue 47): when a listing billed by invoice goes live, the publication as
 * receipts and invoices name it (legal name, address, EIN), and a nonprofit and a business price
 * per tier. Checked with the API's own struct before anything is sent.
 */
export function BillingSettings() {
  const { data } = useSettings();
  if (!data) return null;
  return <BillingForm saved={data} />;
}

function BillingForm({ saved }: { saved: AdminSettings }) {
  const { mutate } = useSettings();
  const [publishing, setPublishing] = useState<InvoicePublishing>(saved.invoicePublishing);
  const [legalName, setLegalName] = useState(saved.publisherLegalName);
  const [address, setAddress] = useState(saved.publisherAddress);
  const [ein, setEin] = useState(saved.publisherEin);
  const [prices, setPrices] = useState<PriceTexts>(
    Object.fromEntries(
      LISTING_TIERS.map((tier) => [
        tier.id,
        Object.fromEntries(KINDS.map((kind) => [kind, dollars(saved.tierPrices[tier.id][kind])])),
      ]),
    ) as PriceTexts,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tierPrices = Object.fromEntries(
      LISTING_TIERS.map((tier) => [
        tier.id,
        Object.fromEntries(KINDS.map((kind) => [kind, cents(prices[tier.id][kind])])),
      ]),
    ) as TierPrices;
    const update = {
      invoicePublishing: publishing,
      publisherLegalName: legalName.trim(),
      publisherAddress: address.trim(),
      publisherEin: ein.trim(),
      tierPrices,
    };
    const checked = check(AdminSettingsUpdate, update);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await mutate(await updateSettings(update), { revalidate: false });
      toast({ title: BILLING_TEXT.saved, variant: 'success' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors) setErrors(failure.fieldErrors);
      toast({ title: errorMessage(failure, BILLING_TEXT.failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="form" onSubmit={submit} noValidate aria-label={BILLING_TEXT.title}>
      <Stack $gap="md">
        <h2>{BILLING_TEXT.title}</h2>
        <fieldset>
          <legend>{BILLING_TEXT.publishing}</legend>
          {(
            [
              ['on_payment', BILLING_TEXT.onPayment],
              ['on_approval', BILLING_TEXT.onApproval],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name="invoicePublishing"
                value={value}
                checked={publishing === value}
                onChange={() => setPublishing(value)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        <TextField
          label={BILLING_TEXT.legalName}
          value={legalName}
          error={errors.publisherLegalName}
          onChange={(event) => setLegalName(event.target.value)}
        />
        <TextArea
          label={BILLING_TEXT.address}
          rows={3}
          value={address}
          error={errors.publisherAddress}
          onChange={(event) => setAddress(event.target.value)}
        />
        <TextField
          label={BILLING_TEXT.ein}
          hint={BILLING_TEXT.einHint}
          value={ein}
          error={errors.publisherEin}
          onChange={(event) => setEin(event.target.value)}
        />
        {LISTING_TIERS.map((tier) =>
          KINDS.map((kind) => (
            <TextField
              key={`${tier.id}-${kind}`}
              label={BILLING_TEXT.price(tier.name, kind)}
              hint={BILLING_TEXT.priceHint}
              type="number"
              min={0}
              step={0.01}
              value={prices[tier.id][kind]}
              error={
                errors[`tierPrices.${tier.id}.${kind}`] ??
                (errors.tierPrices ? BILLING_MESSAGES.tierPrice : undefined)
              }
              onChange={(event) =>
                setPrices({
                  ...prices,
                  [tier.id]: { ...prices[tier.id], [kind]: event.target.value },
                })
              }
            />
          )),
        )}
        <div>
          <Button type="submit" disabled={busy}>
            {BILLING_TEXT.save}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
