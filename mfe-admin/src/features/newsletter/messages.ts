import { WEEKDAY_LABELS, type Weekday } from '@jobboard/contract/admin';

/**
 * Texts of the newsletter page (docs/product.md#newsletter). The block's own words, the API's
 * refusals and its confirmations are the contract's (NEWSLETTER_MESSAGES).
 */
export const NEWSLETTER_TEXT = {
  title: 'Newsletter',
  subtitle:
    "The week's jobs as a draft post in the publication's Ghost. The board never publishes it: you send the newsletter from Ghost.",
  loading: 'Loading the newsletter...',
  loadFailed: 'The newsletter page could not be loaded.',
  ghostAt: (url: string) => `Ghost: ${url}`,
  noGhost: 'Ghost: GHOST_URL is not set',
  key: (set: boolean) => `Admin API key: ${set ? 'set' : 'not set'}`,
  block: 'The block',
  from: 'First day',
  to: 'Last day',
  intro: 'Intro (optional)',
  introHint: 'A few words before the jobs. A blank line starts a new paragraph.',
  preview: 'Preview',
  previewing: 'Making the preview...',
  previewFailed: 'The preview could not be made.',
  previewHeading: 'Preview',
  postTitle: (title: string) => `Title in Ghost: ${title}`,
  counts: (jobs: number, promised: number) =>
    `${jobs} job${jobs === 1 ? '' : 's'}, ${promised} of them bought the newsletter and lead the block.`,
  frame: 'The block as it will look',
  html: 'The exact HTML sent to Ghost',
  send: 'Send to Ghost as a draft',
  sending: 'Sending to Ghost...',
  sendFailed: 'The draft was not made.',
  openDraft: 'Open the draft in Ghost',
  stale: 'The form changed since this preview: preview it again before sending.',
  schedule: 'Weekly draft',
  scheduleOn: 'Make the draft by itself each week',
  scheduleHint:
    'Of the last 7 days, with no intro, at this day and hour (UTC). Off by default; you still send the newsletter from Ghost.',
  weekday: 'Day',
  hour: 'Hour (UTC)',
  hourLabel: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
  weekdays: WEEKDAY_LABELS as Record<Weekday, string>,
  saveSchedule: 'Save schedule',
  scheduleFailed: 'The schedule was not saved.',
  next: (when: string) => `Next draft: ${when} UTC`,
  lastRun: (when: string, outcome: string) => `Last weekly run, ${when} UTC: ${outcome}`,
  lastMade: 'a draft was made.',
  issues: 'Sent to Ghost',
  noIssues: 'No block has been sent to Ghost yet.',
  columns: ['Made', 'Dates', 'Jobs', 'By', 'In Ghost'],
  jobs: (all: number, promised: number) => `${all} (${promised} bought the newsletter)`,
  openInGhost: 'Open in Ghost',
  openInGhostLabel: (title: string) => `Open ${title} in Ghost`,
  at: (iso: string) => iso.slice(0, 16).replace('T', ' '),
} as const;
