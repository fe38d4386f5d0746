import type { OutgoingEmail } from './outbox';

export const APPLICATION_CONFIRMATION_TEMPLATE = 'application-confirmation';
export const APPLICATION_RELAYED_TEMPLATE = 'application-relayed';
export const APPLICATION_RECEIVED_TEMPLATE = 'application-received';

/** An application as its e-mails tell it: what was sent, for which job, to whom. */
export interface SentApplication {
  name: string;
  email: string;
  phone: string | null;
  links: readonly string[];
  coverNote: string;
  answers: readonly { question: string; answer: string }[];
  resumeName: string;
  title: string;
  organization: string;
  jobUrl: string;
  boardName: string;
}

/** The application's own lines, the same in the applicant's copy and the relayed one. */
function applicationLines(a: SentApplication): string[] {
  return [
    `Name: ${a.name}`,
    `E-mail: ${a.email}`,
    ...(a.phone ? [`Phone: ${a.phone}`] : []),
    ...a.links.map((link) => `Link: ${link}`),
    `Résumé: ${a.resumeName}`,
    ...a.answers.flatMap(({ question, answer }) => [`${question}`, `  ${answer || '(no answer)'}`]),
    '',
    'Cover note:',
    a.coverNote,
  ];
}

/**
 * The applicant's confirmation: what was sent and to whom, and the link that withdraws and deletes
 * it (a page with a button).
 */
export function applicationConfirmationEmail(
  a: SentApplication & { withdrawUrl: string },
): OutgoingEmail {
  return {
    template: APPLICATION_CONFIRMATION_TEMPLATE,
    to: a.email,
    subject: `Your application for ${a.title} at ${a.organization}`,
    text: [
      `Hello ${a.name},`,
      '',
      `Your application for ${a.title} was sent to ${a.organization} through ${a.boardName}.`,
      `The job: ${a.jobUrl}`,
      '',
      'What you sent:',
      ...applicationLines(a),
      '',
      'To withdraw your application and delete everything you sent (your résumé included):',
      a.withdrawUrl,
      '',
      `The ${a.boardName} team`,
    ].join('\n'),
  };
}

/**
 * An application relayed to the address the employer gave (the job's 'email' way): the résumé
 * attached, Reply-To the applicant, so answering reaches them and not the board.
 */
export function applicationRelayedEmail(
  a: SentApplication & { to: string; attachment: string },
): OutgoingEmail {
  return {
    template: APPLICATION_RELAYED_TEMPLATE,
    to: a.to,
    subject: `Application for ${a.title}: ${a.name}`,
    headers: { 'Reply-To': a.email },
    attachment: a.attachment,
    text: [
      'Hello,',
      '',
      `${a.name} applied for ${a.title} on ${a.boardName}. Their résumé is attached; reply to this e-mail to answer them.`,
      `The listing: ${a.jobUrl}`,
      '',
      ...applicationLines(a),
      '',
      `The ${a.boardName} team`,
    ].join('\n'),
  };
}

/** One new application in the employer's inbox (their setting: an e-mail each). */
export function applicationReceivedEmail(input: {
  to: string;
  contactName: string | null;
  applicant: string;
  title: string;
  inboxUrl: string;
  boardName: string;
}): OutgoingEmail {
  return {
    template: APPLICATION_RECEIVED_TEMPLATE,
    to: input.to,
    subject: `New application for ${input.title}: ${input.applicant}`,
    text: [
      input.contactName ? `Hello ${input.contactName},` : 'Hello,',
      '',
      `${input.applicant} applied for ${input.title}. Read the application and download the résumé in your applicant inbox:`,
      input.inboxUrl,
      '',
      "You can get one e-mail a day for all new applications instead: change it in your inbox's settings.",
      '',
      `The ${input.boardName} team`,
    ].join('\n'),
  };
}
