import type { ReceivedMail } from './smtp-peer';
import type { TestApp } from './test-app';

/** Reading the job alerts' e-mails as the SMTP test peer received them (issue 17). */

/** Quoted-printable text (`=C2=B7`, soft line breaks) as the UTF-8 text it encodes. */
function decodeQuotedPrintable(encoded: string): string {
  const text = encoded.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text[i] === '=' ? /^[0-9A-F]{2}/.exec(text.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A received message's headers (unfolded, encoded words decoded) and its text body. */
export function parseMail(mail: ReceivedMail): { headers: string; body: string } {
  const split = mail.raw.indexOf('\r\n\r\n');
  const headers = mail.raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/\?= =\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, word: string) =>
      decodeQuotedPrintable(word.replace(/_/g, ' ')),
    );
  let body = mail.raw.slice(split + 4);
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    body = decodeQuotedPrintable(body);
  }
  return { headers, body: body.replace(/\r\n/g, '\n') };
}

/** The token of a link to `/alerts/<page>?token=` in a message. */
export function tokenIn(text: string, page: 'confirm' | 'unsubscribe' | 'manage'): string {
  const match = new RegExp(`/alerts/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no ${page} link in:\n${text}`);
  return match[1]!;
}

/**
 * The token of the newest e-mail of `template` queued to `to` and not sent yet (the outbox keeps
 * a link's token only until its message is sent), for a link to `/alerts/<page>?token=`.
 */
export async function queuedToken(
  t: Pick<TestApp, 'db'>,
  to: string,
  template: string,
  page: 'confirm' | 'unsubscribe' | 'manage' | 'data',
): Promise<string> {
  const row = await t
    .db('outbox')
    .where({ to_address: to, template })
    .orderBy('id', 'desc')
    .first();
  if (!row) throw new Error(`no ${template} e-mail to ${to}`);
  const match = new RegExp(`/alerts/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(row.text_body);
  if (!match) throw new Error(`no ${page} link in:\n${row.text_body}`);
  return match[1]!;
}

/** Ask for a data link for `email` (as its page's form does) and read it from the outbox. */
export async function requestDataLink(
  t: Pick<TestApp, 'db' | 'app'>,
  email: string,
  remoteAddress = '203.0.113.77',
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/alerts/data-link',
    payload: { email },
    remoteAddress,
  });
  if (res.statusCode !== 202) throw new Error(`data link refused: ${res.statusCode}`);
  return queuedToken(t, email, 'data-link', 'data');
}
