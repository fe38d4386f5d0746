import { RENEWAL_MESSAGES } from '@jobboard/contract/payments';

/** Texts of the renewal pages, in one place (the API's own answers come from the contract). */
export const RENEW_MESSAGES = {
  title: 'Renew your listing',
  invalidLink: RENEWAL_MESSAGES.invalidLink,
  endsOn: (date: string) => `Ends on ${date}`,
  endedOn: (date: string) => `Ended on ${date}`,
  renewedUntil: (date: string) => `Renewed, it runs until ${date}`,
  term: (tierName: string, days: number) => `${tierName}: another ${days} days`,
  pay: (price: string) => `Renew for ${price}`,
  stripeNote:
    'Payments are processed securely by Stripe. The new end date applies as soon as the payment is confirmed.',
  successTitle: 'Thank you! Payment received',
  confirming: 'We are confirming your payment with Stripe. Your listing is renewed in a moment.',
  renewed: (date: string) => `Your listing is renewed: it now runs until ${date}.`,
  slow: 'Your payment is still being confirmed. You will get an e-mail as soon as your listing is renewed.',
  seeJob: 'See your job on the board',
  /** Where an expired link sends the employer for a new one. */
  yourListings: 'Your listings',
} as const;
