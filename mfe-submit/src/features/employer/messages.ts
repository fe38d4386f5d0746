import { JOB_STATS_DAYS, PAY_FIELD_LABELS } from '@jobboard/contract/jobs';

/** The employer's pages' own words (the API's answers are the contract's EMPLOYER_MESSAGES). */
export const EMPLOYER_TEXT = {
  title: 'Your listings',
  signInTitle: 'See and manage your listings',
  signInIntro:
    'Enter the e-mail address you submitted your jobs with. We send a sign-in link to it: no account or password needed.',
  emailLabel: 'Your e-mail address',
  sendLink: 'E-mail me a sign-in link',
  sending: 'Sending...',
  signingIn: 'Signing you in...',
  signInButton: 'Sign in',
  signInLinkIntro: 'Press the button to sign in and see your listings.',
  askAgain: 'Ask for a new sign-in link',
  signOut: 'Sign out',
  signedInAs: (email: string) => `Signed in as ${email}`,
  noListings: 'This address has no listings yet.',
  postJob: 'Post a job',
  loadFailed: 'Your listings could not be loaded. Please try again.',
  /** A listing's pay line as the board shows it (the API's `salary`), under the contract's label. */
  pay: (line: string) => `${PAY_FIELD_LABELS.legend}: ${line}`,
  submitted: (date: string) => `Submitted ${date}`,
  endsOn: (date: string) => `Ends on ${date}`,
  endedOn: (date: string) => `Ended on ${date}`,
  timeline: 'Timeline',
  edit: 'Edit',
  payNow: 'Pay now',
  receipt: 'Receipt',
  renew: 'Renew listing',
  renewalReceipt: (date: string) => `Renewal receipt (${date})`,
  renewedUntil: (date: string) => `until ${date}`,
  stats: (views: number, applyClicks: number) =>
    `Views and apply clicks: ${views} ${views === 1 ? 'view' : 'views'}, ${applyClicks} apply ${applyClicks === 1 ? 'click' : 'clicks'} in the last ${JOB_STATS_DAYS} days`,
  viewJob: 'View job',
  markFilled: 'Mark filled',
  close: 'Close listing',
  confirmFilled: 'Take this job off the board as filled? This cannot be undone here.',
  confirmClose: 'Take this job off the board? This cannot be undone here.',
  editTitle: 'Edit your submission',
  editIntro:
    'Your changes go back to our review queue. Once the submission is approved it can no longer be edited here.',
  backToListings: 'Back to your listings',
  receiptTitle: 'Receipt',
  print: 'Print',
  receiptRows: {
    board: 'Board',
    listing: 'Listing',
    tier: 'Tier',
    listPrice: 'List price',
    promo: 'Promo code',
    discount: 'Discount',
    amount: 'Amount paid',
    paidOn: 'Date paid',
    reference: 'Payment reference',
    billedTo: 'Billed to',
  },
  paidBy: {
    stripe: 'Card payment through Stripe',
    manual: 'Marked paid by the board',
    credit: 'Included in a Multiples Listing',
  } as Record<string, string>,
  none: 'None',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  /**
   * The proposal form's labels (the contract's JOB_FORM_FIELDS where it has one; the pay fields'
   * are the contract's PAY_FIELD_LABELS, which PayFields shows).
   */
  proposalFields: {
    title: 'Job Title',
    location: 'Location',
    description: 'Job Description',
    descriptionHint: (min: number) => `At least ${min} characters.`,
    responsibilities: 'Responsibilities',
    requirements: 'Requirements',
    benefits: 'Benefits',
    deadline: 'Application Deadline (optional)',
  },
  proposalRejected: (date: string, reason: string | null) =>
    `Your proposed changes of ${date} were not approved${reason ? `: ${reason}` : '.'}`,
} as const;
