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
  /** The newsletter issues the job appeared in (issue 44), their dates as the page writes them. */
  inNewsletter: (dates: string[]) =>
    dates.length === 1
      ? `In the newsletter of ${dates[0]}`
      : `In the newsletters of ${dates.slice(0, -1).join(', ')} and ${dates[dates.length - 1]}`,
  timeline: 'Timeline',
  edit: 'Edit',
  payNow: 'Pay now',
  /** Offered on a listing in review when the address has Multiples credits left (issue 43). */
  creditOffer: (left: number) => `Use a Multiples credit (${left} left)`,
  confirmUseCredit:
    'Publish this listing with one of your Multiples Listing credits once it is approved? The credit is used at approval; nothing is charged.',
  receipt: 'Receipt',
  /** A listing live on an unpaid invoice (issue 47): Stripe's page of the invoice. */
  payInvoice: 'Pay the invoice',
  renew: 'Renew listing',
  renewalReceipt: (date: string) => `Renewal receipt (${date})`,
  renewedUntil: (date: string) => `until ${date}`,
  stats: (views: number, applyClicks: number, applications?: number) =>
    `Views and apply clicks: ${views} ${views === 1 ? 'view' : 'views'}, ${applyClicks} apply ${applyClicks === 1 ? 'click' : 'clicks'}${applications === undefined ? '' : `, ${applications} ${applications === 1 ? 'application' : 'applications'}`} in the last ${JOB_STATS_DAYS} days`,
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
    offline: 'Check or bank transfer received by the board',
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

/** The applicant inbox's own words (the API's answers are the contract's INBOX_MESSAGES). */
export const INBOX_TEXT = {
  /** The listing's entry on the listings page. */
  entry: (count: number) => `Applications (${count})`,
  loading: 'Applications',
  title: (jobTitle: string) => `Applications for ${jobTitle}`,
  closedNote: 'This listing no longer takes applications; those it took are kept here.',
  loadFailed: 'The applications could not be loaded. Please try again.',
  empty: 'No applications yet.',
  noneOfStatus: 'No applications with this status.',
  show: 'Show',
  all: (count: number) => `All (${count})`,
  ofStatus: (label: string, count: number) => `${label} (${count})`,
  exportCsv: 'Export CSV',
  applied: (date: string) => `Applied ${date}`,
  select: (name: string) => `Select ${name}`,
  selectAll: 'Select all on this page',
  bulk: 'Change several at once',
  bulkStatus: 'Status for the selected',
  applyBulk: (count: number) => `Mark ${count} selected`,
  status: 'Status',
  star: (name: string) => `Star ${name}`,
  starred: 'Starred.',
  unstarred: 'Star removed.',
  note: 'Note (only you see it)',
  saveNote: 'Save note',
  noteSaved: 'Note saved.',
  statusSaved: (label: string) => `Marked ${label}.`,
  details: 'Application',
  phone: 'Phone',
  links: 'Links',
  coverNote: 'Cover note',
  noAnswer: '(no answer)',
  downloadResume: 'Download résumé',
  resumeOf: (name: string) => `of ${name}`,
  resumeSize: (kind: string, bytes: number) =>
    `(${kind.toUpperCase()}, ${bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`})`,
  decline: 'Decline',
  declineOf: (name: string) => `Decline ${name}`,
  declinedOn: (date: string) => `Decline e-mail sent ${date}`,
  declineIntro:
    'Your decline e-mail, sent once to this applicant; their replies come to your address. Changes to it are kept for your next declines.',
  declineSubject: 'Subject',
  declineBody: 'Message',
  declineHint: '{name}, {title} and {organization} are filled in for each applicant.',
  preview: 'Preview',
  sendDecline: 'Send decline e-mail',
  cancel: 'Cancel',
  settings: 'Inbox settings',
  notify: 'E-mail me',
  saveSettings: 'Save settings',
  saving: 'Saving...',
} as const;
