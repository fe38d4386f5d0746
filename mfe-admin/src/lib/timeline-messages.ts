import type { HistoryKind } from '@jobboard/contract/admin';

/** Texts of a timeline (a job's or a submission's history). */
export const TIMELINE_MESSAGES = {
  kinds: {
    created: 'Created',
    edited: 'Edited',
    activated: 'Activated',
    deactivated: 'Deactivated',
    extended: 'Extended',
    republished: 'Republished',
    submitted: 'Submitted',
    approved: 'Approved',
    rejected: 'Rejected',
    paid: 'Paid',
    published: 'Published',
    expired: 'Expired',
    changed: 'Changed',
    company_changed: 'Company details',
    email_sent: 'E-mail sent',
    email_failed: 'E-mail failed',
    email_waiting: 'E-mail waiting',
  } satisfies Record<HistoryKind, string>,
  by: (actor: string) => `by ${actor}`,
  changesLabel: (summary: string) => `What changed: ${summary}`,
  /** How a value before or after a change reads. */
  none: '(none)',
  emptyText: '(blank)',
  yes: 'Yes',
  no: 'No',
  /** A change's line: 'Title: Grants Writer → Grants Director'. */
  arrow: '→',
} as const;
