import { employerEmail, employerPageLine } from './employer-emails';
import type { OutgoingEmail } from './outbox';

export const PROPOSAL_DECIDED_TEMPLATE = 'proposal-decided';

/**
 * The employer's proposal of changes to their live job, decided (issue 30): approved (the changes
 * are live) or rejected with the admin's reason; with the link to their page either way.
 */
export function proposalDecidedEmail(input: {
  to: string;
  title: string;
  organization: string;
  approved: boolean;
  reason: string | null;
  publicUrl: string;
  boardName: string;
}): OutgoingEmail {
  const job = `"${input.title}" at ${input.organization}`;
  return employerEmail(
    PROPOSAL_DECIDED_TEMPLATE,
    input.approved
      ? `Your changes are live: ${input.title}`
      : `About your proposed changes: ${input.title}`,
    [
      input.approved
        ? `The changes you proposed to ${job} have been approved and are live on ${input.boardName}.`
        : `The changes you proposed to ${job} were not approved, so the listing stays as it was.`,
      ...(input.reason ? ['', `Reason: ${input.reason}`] : []),
    ],
    {
      to: input.to,
      name: null,
      page: [employerPageLine(input.publicUrl)],
      boardName: input.boardName,
    },
  );
}
