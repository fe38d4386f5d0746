import type { OutgoingEmail } from './outbox';

export const CODE_GUESSING_TEMPLATE = 'admin-code-guessing';

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/**
 * To the board's admin address (ADMIN_EMAIL: the admins have no address of their own): someone
 * gave an admin's right password and then wrong two-factor codes until the account's codes were
 * paused (issue 43, finding 1). Sent once per episode, when the first wait starts, not per guess.
 */
export function codeGuessingEmail(input: {
  to: string;
  username: string;
  boardName: string;
  publicUrl: string;
  /** Wrong codes in a row when the first wait started. */
  wrongCodes: number;
  /** Where the last of them came from. */
  address: string;
  firstWaitMinutes: number;
  longestWaitMinutes: number;
  /** The command that sets a new password (first-admin.ts adminCreateCommand). */
  passwordCommand: string;
}): OutgoingEmail {
  const { username } = input;
  return {
    template: CODE_GUESSING_TEMPLATE,
    to: input.to,
    subject: `Someone is guessing the two-factor codes of admin ${username}`,
    text: [
      `On ${input.boardName}, the admin account "${username}" was given its right password and then ${input.wrongCodes} wrong two-factor codes in a row, the last from ${input.address}.`,
      '',
      `Sign-in with codes from the authenticator app is now paused for this account, from every address: for ${minutes(input.firstWaitMinutes)} now, then twice as long after each further wrong code, up to ${minutes(input.longestWaitMinutes)}. Recovery codes still sign in. You get no other e-mail about it until the account signs in with a right code, its password changes, or a day passes without a guess.`,
      '',
      `If these were not your own mistakes, someone else knows the password of ${username}:`,
      `- change it now: ${input.passwordCommand}`,
      `  (this signs ${username} out everywhere and ends every sign-in waiting for a code);`,
      `- the server's log names each refused code ("admin code refused") with its address.`,
      '',
      `If it was you (a mistyped code, or a phone whose clock is wrong), nothing needs doing: wait, then sign in at ${input.publicUrl}/admin/login.`,
    ].join('\n'),
  };
}
