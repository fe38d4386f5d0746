import { ALERT_FREQUENCIES, ALERT_LIMITS, type AlertFrequency } from '@jobboard/contract/alerts';
import { type Job } from '@jobboard/contract/jobs';
import type { OutgoingEmail } from './outbox';

export const ALERT_CONFIRM_TEMPLATE = 'alert-confirm';
export const ALERT_DIGEST_TEMPLATE = 'alert-digest';
export const DATA_LINK_TEMPLATE = 'data-link';

const frequencyWord = (frequency: AlertFrequency) =>
  ALERT_FREQUENCIES.find((f) => f.value === frequency)!.label.toLowerCase();

/**
 * Double opt-in: the one message an address gets before it has said yes, so it carries nothing
 * of the caller's choosing: the search in the board's own words (`description`: alertDescription
 * of alerts-service.ts, no link or line break of the caller's) and no link but the board's
 * confirm and cancel links (not even the search's, whose query string is the caller's). Like every alert
 * e-mail it can stop what follows: its unsubscribe link (and headers) end the request, so nobody
 * can confirm it later from this message.
 */
export function alertConfirmationEmail(input: {
  to: string;
  description: string;
  frequency: AlertFrequency;
  confirmUrl: string;
  unsubscribeUrl: string;
  boardName: string;
}): OutgoingEmail {
  return {
    template: ALERT_CONFIRM_TEMPLATE,
    to: input.to,
    subject: `Confirm your job alert on ${input.boardName}`,
    text: [
      'Hello,',
      '',
      `Someone (we hope you) asked ${input.boardName} to e-mail this address the new jobs of a search, ${frequencyWord(input.frequency)}:`,
      input.description,
      '',
      'To start the alert, open this link:',
      input.confirmUrl,
      '',
      `The link works once, for ${ALERT_LIMITS.confirmHours} hours. If you did not ask for this, ignore this e-mail: nothing more will be sent.`,
      '',
      `The ${input.boardName} team`,
      '',
      '--',
      `Not yours? Cancel this request with one click: ${input.unsubscribeUrl}`,
    ].join('\n'),
    headers: unsubscribeHeaders(input.unsubscribeUrl),
  };
}

/** What mail clients show as an unsubscribe button: List-Unsubscribe with a one-click POST (RFC 8058). */
const unsubscribeHeaders = (unsubscribeUrl: string) => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * The digest of an alert: the new jobs (at most ALERT_LIMITS.digestJobs), a link to the whole
 * search, and the ways to stop it, in the text and in the headers mail clients show as an
 * unsubscribe button (List-Unsubscribe with a one-click POST, RFC 8058).
 */
export function alertDigestEmail(input: {
  to: string;
  description: string;
  frequency: AlertFrequency;
  jobs: Job[];
  total: number;
  totalExact: boolean;
  searchUrl: string;
  jobUrl: (id: string) => string;
  unsubscribeUrl: string;
  manageUrl: string;
  boardName: string;
}): OutgoingEmail {
  const count = `${input.total}${input.totalExact ? '' : '+'}`;
  const lines = [
    `${count} new job${input.total === 1 ? '' : 's'} on ${input.boardName} for your alert: ${input.description}`,
    '',
  ];
  for (const job of input.jobs) {
    const details = [job.organization, job.location, job.salary].filter(Boolean).join(' · ');
    lines.push(job.title, details, input.jobUrl(job.id), '');
  }
  const more = input.total - input.jobs.length;
  lines.push(
    more > 0
      ? `And ${more}${input.totalExact ? '' : '+'} more. See them all: ${input.searchUrl}`
      : `The whole search: ${input.searchUrl}`,
    '',
    '--',
    `You get this e-mail ${frequencyWord(input.frequency)} because you asked for it on ${input.boardName}.`,
    `Unsubscribe with one click: ${input.unsubscribeUrl}`,
    `Change how often: ${input.manageUrl}`,
  );
  return {
    template: ALERT_DIGEST_TEMPLATE,
    to: input.to,
    subject: `${count} new job${input.total === 1 ? '' : 's'}: ${input.description}`,
    text: lines.join('\n'),
    headers: unsubscribeHeaders(input.unsubscribeUrl),
  };
}

/**
 * The link to download or delete everything the board keeps about an address (its job alerts,
 * its applications), sent only to that address when it asked: nothing of the caller's but the
 * address itself.
 */
export function dataLinkEmail(input: {
  to: string;
  dataUrl: string;
  boardName: string;
}): OutgoingEmail {
  return {
    template: DATA_LINK_TEMPLATE,
    to: input.to,
    subject: `Your data on ${input.boardName}`,
    text: [
      'Hello,',
      '',
      `Someone (we hope you) asked ${input.boardName} for a link to download or delete everything it keeps about this address: its job alerts, the applications and the reports of listings sent from it.`,
      '',
      'Open this link to download it as a file, or to delete it all:',
      input.dataUrl,
      '',
      `The link works once, for ${ALERT_LIMITS.dataLinkMinutes} minutes. If you did not ask for it, ignore this e-mail: nothing changes.`,
      '',
      `The ${input.boardName} team`,
    ].join('\n'),
  };
}
