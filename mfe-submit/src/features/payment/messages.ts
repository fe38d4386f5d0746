import { PAY_LINK_MESSAGES } from '@jobboard/contract/payments';

/** Texts of the pay pages, in one place (the API's own answers come from the contract). */
export const PAY_MESSAGES = {
  title: 'Pay for your listing',
  invalidLink: PAY_LINK_MESSAGES.invalid,
  deadLink: PAY_LINK_MESSAGES.noLongerValid,
  linkValidUntil: (date: string) => `This payment link works until ${date}.`,
  promoUsedUp: 'fully redeemed by other listings, so it no longer applies',
  paid: 'This listing is paid for and live.',
  successTitle: 'Thank you! Payment received',
  confirming: 'We are confirming your payment with Stripe. Your job goes live in a moment.',
  live: 'Your job is live.',
  slow: 'Your payment is still being confirmed. You will get an e-mail as soon as your job is live.',
  cancelledTitle: 'Payment cancelled',
  cancelled: 'Nothing was charged. You can pay any time with the same link.',
} as const;
