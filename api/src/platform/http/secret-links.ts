/**
 * Which links carry secrets (issue 41, R7): a link whose token works for whoever holds it (a pay
 * link, a renewal link, a sign-in link) must not outlive its use in a copy nobody guards, a log
 * line or a sent e-mail's stored copy. Each slice that issues such a link registers it here from
 * its plugin (`app.secretLinks.register`), and the request log (platform/http/request-log.ts), the outbox
 * sender and the admin's e-mail page all read this one list: a new kind of link is taken out
 * everywhere once it is registered, and the platform names no slice.
 */

/** What a token reads once taken out. */
export const REDACTED = '[redacted]';

/** One form of a link: where its token starts, and what the token is. */
export interface SecretPattern {
  /** What comes before the token and stays (`/\/pay\//`). */
  readonly before: RegExp;
  /** The token itself, replaced. */
  readonly token: RegExp;
  /** What the token reads once taken out: REDACTED unless said. */
  readonly redactedAs?: string;
}

/**
 * A sent (or given-up) message's stored copy: the link is taken out, and 'Resend' then refuses the
 * message (it would send a dead link); or the link is kept, which is right only where the
 * database holds the token itself rather than its hash, so the copy gives nothing more away.
 */
export type SentMailRule =
  | { readonly redact: true; readonly resendRefusal: string }
  | { readonly redact: false; readonly because: string };

export interface SecretLink {
  /** The link in words, as an admin reads it ('pay link'); one registration per kind. */
  readonly kind: string;
  readonly patterns: readonly SecretPattern[];
  readonly sentMail: SentMailRule;
}

interface Compiled {
  link: SecretLink;
  /** Each pattern: the token found after what stays, and the form it takes once redacted. */
  forms: { find: RegExp; redactedAs: string; redacted: RegExp }[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(link: SecretLink): Compiled {
  return {
    link,
    forms: link.patterns.map(({ before, token, redactedAs = REDACTED }) => ({
      find: new RegExp(`(${before.source})(?:${token.source})`, 'g'),
      redactedAs,
      redacted: new RegExp(`(?:${before.source})${escapeRegExp(redactedAs)}`),
    })),
  };
}

const redactWith = (links: readonly Compiled[], text: string): string =>
  links.reduce(
    (out, { forms }) =>
      forms.reduce(
        (next, form) => next.replace(form.find, (_token, kept: string) => kept + form.redactedAs),
        out,
      ),
    text,
  );

/** The registered secret links: one per app (`app.secretLinks`), filled as the slices register. */
export class SecretLinks {
  private readonly links: Compiled[] = [];
  private inSentMail: Compiled[] = [];

  register(link: SecretLink): void {
    if (this.links.some((known) => known.link.kind === link.kind)) {
      throw new Error(`The secret link '${link.kind}' is registered twice.`);
    }
    const compiled = compile(link);
    this.links.push(compiled);
    this.inSentMail = this.links.filter((known) => known.link.sentMail.redact);
  }

  /** Every registered kind, in the order registered. */
  all(): readonly SecretLink[] {
    return this.links.map((compiled) => compiled.link);
  }

  /** A URL or a log line with every registered link's token taken out. */
  redact(text: string): string {
    return redactWith(this.links, text);
  }

  /** A sent or given-up message's stored copy: the tokens its kinds do not keep taken out. */
  redactSentMail(text: string): string {
    return redactWith(this.inSentMail, text);
  }

  /** The kind of link a stored copy lost (its redacted form is in the text), if any. */
  lostFrom(text: string): SecretLink | undefined {
    return this.inSentMail.find(({ forms }) => forms.some((form) => form.redacted.test(text)))
      ?.link;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The links that carry secrets, as the slices registered them (platform/http/secret-links.ts). */
    secretLinks: SecretLinks;
  }
}
