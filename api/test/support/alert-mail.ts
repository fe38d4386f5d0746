import type { ReceivedMail } from './smtp-peer';

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
