import { jobFieldLabel } from '@jobboard/contract/jobs';

/** What a new pay link's toast adds about the links issued before it (they keep working). */
const stillValid = (count: number) =>
  count === 0
    ? ''
    : ` ${count === 1 ? 'The earlier link still works' : `${count} earlier links still work`} until ${count === 1 ? 'it expires' : 'they expire'}, the listing is paid or you revoke the links.`;

/** Texts of the submissions screen (docs/product.md#routes-and-screens, docs/product.md#validation and docs/product.md#errors). */
export const SUBMISSION_TEXT = {
  title: 'Job Submissions',
  subtitle: 'Review and manage job submissions',
  empty: 'No job submissions yet.',
  /** A submission the employer changed from their page before approval (issue 30). */
  editedByEmployer: (date: string) => `Edited by the employer on ${date}`,
  noMatches: 'No submissions match this view.',
  history: 'History',
  historyOf: (id: string) => `History of submission ${id}`,
  historyFailed: 'The history could not be loaded.',
  search: 'Search submissions',
  searchHint: 'Title, organization, contact',
  searchButton: 'Search',
  status: 'Status',
  anyStatus: 'Any status',
  sort: 'Sort by',
  sorts: {
    'submitted-desc': 'Newest first',
    'submitted-asc': 'Oldest first',
    'title-asc': 'Title A-Z',
    'organization-asc': 'Organization A-Z',
    'amount-desc': 'Amount, highest first',
    'status-asc': 'Status',
  },
  count: (total: number) => `${total} submission${total === 1 ? '' : 's'}`,
  exportCsv: 'Export CSV (with payments)',
  approved: { title: 'Job Approved', description: 'approved and payment link generated' },
  approvedWithCredit: {
    title: 'Job Approved',
    description: 'published with a Multiples Listing credit',
  },
  /** Offered only when the contact's address has credits left (docs/product.md#constants-and-limits, issue 11). */
  creditOffer: (left: number) => `Publish with a Multiples credit (${left} left)`,
  /** The address has credits but its owner has not asked to use one (issue 43, finding 14). */
  creditNotAsked: (left: number) =>
    `This address has ${left} Multiples credit${left === 1 ? '' : 's'} left. Only the employer can choose to use one: signed in with this address, they press "Use a credit" on their listings page.`,
  creditConfirm: (left: number, email: string) =>
    `The employer, signed in as ${email}, asked to publish this listing with a Multiples credit. This publishes the job now, without payment, and uses 1 of the ${left} listing${left === 1 ? '' : 's'} left.`,
  creditConfirmButton: 'Use 1 credit and publish',
  approvalFailed: { title: 'Approval Failed', fallback: 'The submission could not be approved.' },
  rejected: { title: 'Job Rejected' },
  rejectionFailed: { title: 'Rejection Failed', fallback: 'The submission could not be rejected.' },
  /** docs/product.md#errors's toast; the description says which earlier links still work (issue 25). */
  linkGenerated: (earlierValid: number) => ({
    title: 'Payment Link Generated',
    description: `Payment link copied to clipboard!${stillValid(earlierValid)}`,
  }),
  linkValidUntil: (date: string) => `Payment link valid until ${date}`,
  liveLinks: (count: number) =>
    `${count} payment links work now, each until its own end; 'Revoke links' ends them all.`,
  linkExpired: (date: string) =>
    `The payment link expired on ${date}: generate a new one and send it to the employer.`,
  noLiveLink: 'No payment link works now: generate a new one and send it to the employer.',
  revokeLinks: 'Revoke links',
  revokeConfirm: (count: number) => ({
    title: 'Revoke payment links?',
    message: `${count === 1 ? 'The payment link' : `All ${count} payment links`} of this listing stop working at once, including the one e-mailed to the employer: the employer can no longer pay until you generate a new link and send it. A checkout already open is cancelled.`,
    confirmLabel: 'Revoke links',
  }),
  linksRevoked: (count: number) => ({
    title: 'Payment Links Revoked',
    description:
      count === 0
        ? 'No payment link was still working.'
        : `${count === 1 ? 'The link' : `${count} links`} no longer work, the e-mailed one included.`,
  }),
  revokeFailed: { title: 'Revoke Failed', fallback: 'The payment links could not be revoked.' },
  promoUsedUp: 'used up by other listings before payment: discount removed',
  linkFailed: {
    title: 'Failed to Generate Link',
    fallback: 'The payment link could not be generated.',
  },
  amountUpdated: { title: 'Amount Updated' },
  updateFailed: { title: 'Update Failed', fallback: 'The amount could not be updated.' },
  invalidAmount: {
    title: 'Invalid Amount',
    description: 'Please enter a valid amount greater than 0.',
  },
  templateCopied: { title: 'Email Template Copied' },
  copyFailed: { title: 'Copy Failed', fallback: 'The template could not be copied.' },
  noApprovalEmail: 'This submission has no approval e-mail to copy.',
  loading: 'Loading submissions...',
  loadFailed: 'The submissions could not be loaded.',
  templateCopiedWithLink: (earlierValid: number) => ({
    title: 'Email Template Copied',
    description: `It carries a new payment link.${stillValid(earlierValid)}`,
  }),
  markedPaid: { title: 'Marked as Paid', description: 'The job is published.' },
  markPaidFailed: { title: 'Update Failed', fallback: 'The payment could not be recorded.' },
  /** Payments Stripe took that did not publish the listing (the webhook flagged them). */
  paymentIssues: 'Payments that need you',
  paymentIssueLabels: { needs_refund: 'Refund needed', needs_review: 'Payment to review' },
  /** Before the label of a renewal's payment (the listing's first payment has none). */
  renewalIssue: 'Renewal',
  paymentIssueHelp:
    'Check it in the Stripe Dashboard: refund it there, or publish the listing by hand. Then mark it as handled.',
  resolveIssue: 'Mark as handled',
  issueResolved: { title: 'Payment Marked as Handled' },
  resolveFailed: {
    title: 'Update Failed',
    fallback: 'The payment could not be marked as handled.',
  },
  attention: (count: number) =>
    `${count} payment${count === 1 ? ' needs' : 's need'} your attention: see the submissions marked below.`,
  /** A submission's details (docs/product.md#states-and-transitions). */
  details: {
    organization: 'Organization',
    location: 'Location',
    category: 'Category',
    jobType: 'Job type',
    experience: 'Experience',
    salary: 'Salary',
    /** The pay's benefits line (the contract's label of the field). */
    payBenefits: jobFieldLabel('benefitsSummary'),
    contact: 'Contact',
    listing: 'Listing',
    promoCode: 'Promo code',
    submitted: 'Submitted',
    amount: 'Amount',
    applicationUrl: 'Application URL',
  },
  /** What the submission says about its company, beside the board's (issue 25). */
  company: {
    heading: 'Company details',
    onBoard: (name: string) =>
      `${name} is on the board: its details are shared by all its jobs, so this submission changes them only where you tick it before approving.`,
    newToBoard: (name: string) =>
      `${name} is new to the board: it gets these details when the job is published.`,
    same: "The company details this submission gives match the board's.",
    none: 'None',
    columns: ['Detail', 'On the board', 'In this submission'],
    caption: 'Company details: the board and this submission',
    update: (label: string) => `Update the company's ${label.toLowerCase()}`,
    /** A logo the employer uploaded (issue 30), shown as the picture the board stored. */
    uploadedLogo: 'The uploaded logo',
  },
  notGiven: 'Not given',
  noPromoCode: 'None',
  reasonGiven: (notes: string) => `Reason given: ${notes}`,
  approve: 'Approve',
  reject: 'Reject',
  generateLink: 'Generate Payment Link',
  markPaid: 'Mark as paid',
  copyTemplate: 'Copy Email Template',
  creditGroup: 'Use a Multiples credit',
  cancel: 'Cancel',
  rejectReason: 'Reason (optional, sent to the employer)',
  confirmReject: 'Confirm rejection',
  amountLabel: 'Amount (USD)',
  saving: 'Saving...',
  updateAmount: 'Update Amount',
  stripeSession: (id: string) => ` Stripe session ${id}.`,
} as const;
