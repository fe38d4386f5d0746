/** The proposals page's own words (the shared ones are the contract's PROPOSAL_MESSAGES). */
export const PROPOSAL_TEXT = {
  title: 'Proposed changes',
  subtitle:
    'Employers propose changes to their live jobs here. Approving writes the changed fields as an edit of yours; every other field stays as it is.',
  old: 'Now',
  new: 'Proposed',
  empty: '(empty)',
  added: 'Added',
  removed: 'Removed',
  lineDiff: (field: string) => `Changes to ${field}`,
  proposedBy: (email: string, date: string) => `Proposed by ${email} on ${date}`,
  viewJob: 'View job',
  loadFailed: 'The proposals could not be loaded. Please try again.',
  confirmReject: 'Reject and tell the employer',
  cancel: 'Cancel',
  settings: 'Settings',
  /** On the admin's job page, while the employer's proposal for it waits. */
  pendingHeading: 'Proposed changes',
  pendingOnJob: (email: string, date: string, fields: number) =>
    `${email} proposed changes to ${fields === 1 ? '1 field' : `${fields} fields`} of this job on ${date}; they wait for review.`,
  review: 'Review the proposal',
} as const;
