import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SmtpPeer } from '@jobboard/api/test-support';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { REPO_ROOT } from './site';

/** Where a publication reads how to set up member sign-in, with the code injection to paste. */
export const MEMBERS_DOC = path.join(REPO_ROOT, 'docs', 'members.md');
/** The board address in the documented snippet, which a publication replaces with its own. */
const DOCUMENTED_BOARD = 'https://jobs.example.org';

/**
 * The code injection exactly as docs/members.md gives it (the html block after the
 * `<!-- ghost-code-injection -->` marker), with the board's address put in: what the interop
 * suite pastes into a real Ghost, so the documented snippet is the tested one.
 */
export function codeInjection(boardUrl: string): string {
  const doc = readFileSync(MEMBERS_DOC, 'utf8');
  const block = /<!-- ghost-code-injection -->\s*```html\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error(`${MEMBERS_DOC} has no code injection block after its marker`);
  const snippet = block[1]!;
  if (!snippet.includes(`'${DOCUMENTED_BOARD}'`)) {
    throw new Error(`The documented snippet no longer names '${DOCUMENTED_BOARD}' as the board`);
  }
  return snippet.replace(`'${DOCUMENTED_BOARD}'`, `'${boardUrl}'`);
}

/**
 * The magic link of the first e-mail to `email` received after the first `since` messages: the
 * link to `{ghostUrl}/members/?token=...` in its text, as a reader clicks it.
 */
export async function magicLinkFor(
  smtp: SmtpPeer,
  email: string,
  since: number,
  ghostUrl: string,
): Promise<string> {
  const pattern = new RegExp(`${escapeRegExp(ghostUrl)}/members/\\?token=[^\\s"<>]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of smtp.received.slice(since)) {
          if (!mail.to.includes(email)) continue;
          // Ghost's e-mail as a mail client reads it (MIME parts, transfer encodings).
          const { text } = await simpleParser(mail.raw);
          const found = pattern.exec(text ?? '');
          if (found) return (link = found[0]);
        }
        return undefined;
      },
      { message: `a magic link e-mailed to ${email}`, timeout: 30_000 },
    )
    .toBeTruthy();
  return link!;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
