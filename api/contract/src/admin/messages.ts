/** The admin screens' words and the bounds of their forms, beside a job's fields (JOB_LIMITS). */
import { MAX_INT4 } from '../job';

/** Messages of the admin screens (docs/product.md#validation and docs/product.md#errors), word for word where the spec quotes them. */
export const ADMIN_MESSAGES = {
  login: 'Please enter both username and password',
  badLogin: 'Invalid username or password',
  /** Sign-in is slowed down per username and address; `wait` says how long ('45 seconds'). */
  signInPaused: (wait: string) =>
    `Too many failed attempts for this account from your address. Please wait ${wait} and try again.`,
  required: 'Required',
  invalid: 'Invalid input',
  url: 'Please enter a valid URL',
  category: 'Select at least one category',
  locationsToast: 'Please add at least one location',
  locationsInline: 'At least one location is required',
  amountTitle: 'Invalid Amount',
  amount: 'Please enter a valid amount greater than 0.',
  deleteConfirm: 'Are you sure you want to delete this job?',
  amountTooLarge: 'Please enter an amount up to $999,999.99.',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  tooManyEntries: (max: number) => `Please keep this list to ${max} entries or fewer`,
  creditNotRequested:
    'Only the employer can choose to spend their Multiples credits: they press "Use a credit" on their listings page, signed in with this address. Approve without a credit to send a pay link.',
  editedDuringReview:
    'The employer edited this listing after you opened it. Read the changes, then approve again.',
} as const;

/**
 * The largest amount charged or taken off, in cents: Stripe's largest charge in US dollars
 * ($999,999.99), well inside the integer columns amounts are kept in.
 */
export const MAX_AMOUNT_CENTS = 99_999_999;

/**
 * Longest text and largest numbers the admin forms accept beside a job's fields (JOB_LIMITS):
 * each at most what its column holds on PostgreSQL (api/migrations), so a save never fails in
 * the database.
 */
export const ADMIN_LIMITS = {
  /** promo_codes.description */
  promoDescription: 300,
  /** promo_codes.max_redemptions: int4 */
  maxRedemptions: MAX_INT4,
  rejectNotes: 2000,
  username: 100,
  password: 200,
} as const;
