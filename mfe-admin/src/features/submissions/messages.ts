/** Texts of the submissions screen (SPEC.md 2, 5 and 8). */
export const SUBMISSION_TEXT = {
  title: 'Job Submissions',
  subtitle: 'Review and manage job submissions',
  empty: 'No job submissions yet.',
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
  /** Offered only when the contact's address has credits left (SPEC.md 9, issue 11). */
  creditOffer: (left: number) => `Publish with a Multiples credit (${left} left)`,
  creditConfirm: (left: number, email: string) =>
    `This publishes the job now, without payment, and uses 1 of the ${left} listing${left === 1 ? '' : 's'} left on the Multiples Listing bought with ${email}. Anyone can type that address into the form: use a credit only if you know this submission comes from that buyer.`,
  creditConfirmButton: 'Use 1 credit and publish',
  approvalFailed: { title: 'Approval Failed', fallback: 'The submission could not be approved.' },
  rejected: { title: 'Job Rejected' },
  rejectionFailed: { title: 'Rejection Failed', fallback: 'The submission could not be rejected.' },
  linkGenerated: {
    title: 'Payment Link Generated',
    description: 'Payment link copied to clipboard! Earlier links for this listing no longer work.',
  },
  linkValidUntil: (date: string) => `Payment link valid until ${date}`,
  linkExpired: (date: string) =>
    `The payment link expired on ${date}: generate a new one and send it to the employer.`,
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
  templateCopiedWithLink: {
    title: 'Email Template Copied',
    description: 'It carries a new payment link; earlier links for this listing no longer work.',
  },
  markedPaid: { title: 'Marked as Paid', description: 'The job is published.' },
  markPaidFailed: { title: 'Update Failed', fallback: 'The payment could not be recorded.' },
  /** Payments Stripe took that did not publish the listing (the webhook flagged them). */
  paymentIssues: 'Payments that need you',
  paymentIssueLabels: { needs_refund: 'Refund needed', needs_review: 'Payment to review' },
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
} as const;
