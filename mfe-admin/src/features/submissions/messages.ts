/** Texts of the submissions screen (SPEC.md 2, 5 and 8). */
export const SUBMISSION_TEXT = {
  title: 'Job Submissions',
  subtitle: 'Review and manage job submissions',
  empty: 'No job submissions yet.',
  approved: { title: 'Job Approved', description: 'approved and payment link generated' },
  approvedWithCredit: {
    title: 'Job Approved',
    description: 'published with a Multiples Listing credit',
  },
  approvalFailed: { title: 'Approval Failed', fallback: 'The submission could not be approved.' },
  rejected: { title: 'Job Rejected' },
  rejectionFailed: { title: 'Rejection Failed', fallback: 'The submission could not be rejected.' },
  linkGenerated: {
    title: 'Payment Link Generated',
    description: 'Payment link copied to clipboard!',
  },
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
  markedPaid: { title: 'Marked as Paid', description: 'The job is published.' },
  markPaidFailed: { title: 'Update Failed', fallback: 'The payment could not be recorded.' },
} as const;
