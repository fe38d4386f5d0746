import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertUrls } from '../../../src/alerts/alert-tokens';
import { checkInUrl } from '../../../src/check-ins/check-in-tokens';
import { employerUrls } from '../../../src/employers/employer-tokens';
import { inviteUrl } from '../../../src/organizations/teams/invite-tokens';
import type { SecretLink } from '../../../src/platform/http/secret-links';
import { MAX_ATTEMPTS } from '../../../src/mail/outbox-sender';
import { paymentUrl } from '../../../src/payments/payment-tokens';
import { renewalUrl } from '../../../src/renewals/renewal-tokens';
import { signedIn } from '../../support/admin';
import { SmtpPeer } from '../../support/smtp-peer';
import { withdrawUrl } from '../../../src/applications/withdraw-links';
import { SRC, sourceFiles, srcPath } from '../../support/source-files';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * Which links carry secrets has one home (issue 41, R7): the registry the slices fill
 * (http/secret-links.ts). Its three readers, the request log, the outbox sender (a sent and a
 * given-up message's stored copy) and the admin's e-mail page, must agree on every kind, and the
 * kinds must be those of the modules that make link tokens, so a new one cannot be forgotten.
 */

/** 43 characters, as every token the board makes; and a Ghost identity token (a JWT). */
const TOKEN = `Secret${'A'.repeat(37)}`;
const GHOST_JWT = 'eyJhbGciOiJSUzUxMiJ9.eyJzdWIiOiJtQGV4YW1wbGUub3JnIn0.c2lnbmVkLWJ5LWdob3N0';

/** A link of each registered kind, as the slice that owns it writes it. */
const LINKS: Record<string, (site: string) => string> = {
  'pay link': (site) => paymentUrl(site, TOKEN),
  'renewal link': (site) => renewalUrl(site, TOKEN),
  'job-alert confirmation link': (site) => alertUrls(site).confirm(TOKEN),
  'job-alert manage link': (site) => alertUrls(site).manage(TOKEN),
  'data link': (site) => alertUrls(site).data(TOKEN),
  'employer sign-in link': (site) => employerUrls(site).signIn(TOKEN),
  'organisation invitation link': (site) => inviteUrl(site, TOKEN),
  'member sign-in token': (site) => `${site}/ghost-callback?token=${GHOST_JWT}`,
  'application withdrawal link': (site) => withdrawUrl(site, TOKEN),
  'still-hiring check-in link': (site) => checkInUrl(site, TOKEN, 'open'),
};

/** Every other form each kind takes in a URL or a log line: the log takes them all out. */
const OTHER_FORMS: Record<string, string[]> = {
  'pay link': [`GET /api/pay/${TOKEN}/checkout`, `/pay/${TOKEN}/success?session_id=cs_1`],
  'renewal link': [`GET /api/renewals/${TOKEN}/checkout`, `/renew/${TOKEN}/done?session_id=cs_1`],
  'job-alert confirmation link': [`POST /api/alerts/${TOKEN}/confirm`],
  'job-alert manage link': [
    `/alerts/unsubscribe?token=${TOKEN}`,
    `/alerts/manage?from=mail&token=${TOKEN}`,
    `DELETE /api/alerts/${TOKEN}/data`,
  ],
  'data link': [`POST /api/alerts/data/${TOKEN}`, `/alerts/data?from=mail&token=${TOKEN}`],
  'employer sign-in link': [`/employer/sign-in?from=mail&token=${TOKEN}`],
  'organisation invitation link': [`/employer/sign-in?from=mail&invite=${TOKEN}`],
  'application withdrawal link': [`/applications/withdraw?from=mail&token=${TOKEN}`],
  'still-hiring check-in link': [
    `POST /api/check-ins/${TOKEN}`,
    `/employer/still-hiring?answer=filled&token=${TOKEN}`,
  ],
  'member sign-in token': [
    `/ghost-callback?from=portal&token=${GHOST_JWT}`,
    `sign-in refused: {"token":"${GHOST_JWT}"}`,
  ],
};

let smtp: SmtpPeer;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const lines: string[] = [];

beforeAll(async () => {
  smtp = await new SmtpPeer().start();
  t = await buildTestApp({
    env: { SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
  admin = await signedIn(t);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** The URL of the request log's last "incoming request" line. */
function lastLoggedUrl(): string {
  const requests = lines
    .map((line) => JSON.parse(line) as { msg?: string; req?: { url: string } })
    .filter((entry) => entry.msg === 'incoming request');
  return requests.at(-1)!.req!.url;
}

/** The stored copy of the message to `to`. */
async function storedBody(to: string): Promise<{ id: number; text_body: string }> {
  return t.db('outbox').where({ to_address: to }).first('id', 'text_body');
}

const registered = () => t.app.secretLinks.all();
const secretOf = (kind: string) => (kind === 'member sign-in token' ? GHOST_JWT : TOKEN);

describe(`secret links on ${testDatabase}`, () => {
  it('has a link here for every registered kind, and no other', () => {
    const kinds = registered().map((link) => link.kind);
    expect(Object.keys(LINKS).sort()).toEqual([...kinds].sort());
    expect(Object.keys(OTHER_FORMS).sort()).toEqual([...kinds].sort());
  });

  it.each(Object.keys(LINKS))(
    '%s: every form of it, one for each pattern, leaves the log',
    (kind) => {
      const link = registered().find((known) => known.kind === kind)!;
      const forms = [LINKS[kind]!(t.config.publicUrl), ...OTHER_FORMS[kind]!];
      for (const { before, token } of link.patterns) {
        const form = new RegExp(`(?:${before.source})(?:${token.source})`);
        expect(
          forms.filter((text) => form.test(text)),
          String(form),
        ).not.toEqual([]);
      }
      const secret = secretOf(kind);
      for (const text of forms) {
        const logged = t.app.secretLinks.redact(text);
        // Only the token goes: what is around it stays.
        const redactedAs = ['[redacted]', '[redacted-token]'].map((as) => text.replace(secret, as));
        expect(redactedAs).toContain(logged);
      }
    },
  );

  it.each(Object.keys(LINKS))(
    '%s: the request log, a sent and a given-up copy and the e-mail page agree',
    async (kind) => {
      const link = registered().find((known) => known.kind === kind)!;
      const url = LINKS[kind]!(t.config.publicUrl);
      const secret = secretOf(kind);

      lines.length = 0;
      await t.app.inject(url.slice(t.config.publicUrl.length));
      const logged = lastLoggedUrl();
      expect(logged).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret);

      const slug = kind.replaceAll(' ', '-');
      const [sent, refused] = [`sent-${slug}@example.org`, `refused-${slug}@example.org`];
      const text = `Your link: ${url}\n`;
      for (const to of [sent, refused]) {
        await t.app.outbox.enqueue(
          t.db,
          { template: 'test', to, subject: kind, text },
          t.clock.now,
        );
      }
      // The refused one's last attempt: the server refuses it for good, and it is given up.
      await t
        .db('outbox')
        .where({ to_address: refused })
        .update({ attempts: MAX_ATTEMPTS - 1 });
      smtp.refused.add(refused);
      expect(await t.app.mailer.flush()).toMatchObject({ sent: 1, failed: 1 });

      const sentCopy = await storedBody(sent);
      const givenUp = await storedBody(refused);
      expect(givenUp.text_body).toBe(sentCopy.text_body);
      // Taken out as the log takes it out, unless its kind keeps it (the database holds it anyway).
      expect(sentCopy.text_body).toBe(
        link.sentMail.redact ? `Your link: ${t.config.publicUrl}${logged}\n` : text,
      );

      const page = await admin({ url: '/api/admin/emails?status=failed&pageSize=100' });
      const listed = page.json().emails.find((e: { id: string }) => e.id === String(givenUp.id));
      expect(listed.resendable).toBe(!link.sentMail.redact);
      const resend = await admin({ method: 'POST', url: `/api/admin/emails/${givenUp.id}/resend` });
      if (link.sentMail.redact) {
        expect(resend.statusCode).toBe(409);
        expect(resend.json().message).toBe(link.sentMail.resendRefusal);
      } else {
        expect(resend.statusCode).toBe(200);
      }
    },
  );
});

/** Random secrets the API makes that never travel in a link, each with why. */
const NOT_LINKS: Record<string, string> = {
  'platform/config.ts': 'the session secret when SESSION_SECRET is not set',
  'admins/first-admin.ts': "the first admin's password, printed once",
  'members/members-service.ts': "a member's session, in a cookie",
  // Issue 46: sent only in the Authorization header (never in a URL), which the log redacts.
  'api-keys/api-key-format.ts': "an integrator's API key",
};
/** Modules of tokens that another site makes and sends to our URLs. */
const MADE_ELSEWHERE = ['members/ghost-token.ts'];

const isSecretLink = (value: unknown): value is SecretLink =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SecretLink).kind === 'string' &&
  Array.isArray((value as SecretLink).patterns);

describe('the modules that make link tokens', () => {
  it('define exactly the registered kinds', async () => {
    const making = sourceFiles(SRC)
      .filter((file) =>
        /randomBytes\(\d+\)\.toString\('base64url'\)/.test(readFileSync(file, 'utf8')),
      )
      .map(srcPath);
    expect(making).toEqual(expect.arrayContaining(Object.keys(NOT_LINKS)));
    const issuing = [...making.filter((file) => !(file in NOT_LINKS)), ...MADE_ELSEWHERE].sort();
    const kinds: string[] = [];
    for (const file of issuing) {
      const module = (await import(path.join(SRC, file))) as Record<string, unknown>;
      const defined = Object.values(module).filter(isSecretLink);
      expect(
        defined.length,
        `${file} makes link tokens: it defines their SecretLink`,
      ).toBeGreaterThan(0);
      kinds.push(...defined.map((link) => link.kind));
    }
    expect(kinds.sort()).toEqual(
      registered()
        .map((link) => link.kind)
        .sort(),
    );
  });
});
