import {
  FRAUD_HINT_KINDS,
  FRAUD_HINT_LEVEL,
  FRAUD_HINT_LIMITS,
  FRAUD_HINT_TEXT,
  type CategoryPay,
  type FraudHint,
  type FraudHintKind,
  type FraudHintPlace,
  type ScamPhraseGroup,
} from '@jobboard/contract/admin';
import { annualPay, labelKey, type Pay } from '@jobboard/contract/jobs';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import freeEmailDomains from 'free-email-domains';
import { getDomain } from 'tldts';

/**
 * The rules of the review card's fraud hints (issue 45, docs/product.md#fraud-hints): one home
 * for what each hint looks at and when it fires; their words, levels and thresholds are the
 * contract's (admin/fraud-hints.ts). Pure: what the board knows beyond the submission (other
 * organizations with the same contact, the pay of a category's live listings) comes in as
 * `BoardFacts` (fraud-hint-facts.ts reads them). A hint informs the admin and changes nothing.
 */

// ---- e-mail domains ------------------------------------------------------------------------

/**
 * Throwaway inboxes: the list of the disposable-email-domains project (its inclusion rules ask
 * for evidence that a domain hands out throwaway addresses), as its npm packaging
 * disposable-email-domains-js publishes it, updated with the dependency.
 */
const DISPOSABLE: ReadonlySet<string> = disposableEmailBlocklistSet();

/**
 * Free e-mail services: free-email-domains (HubSpot's list of free e-mail domains with its
 * additions, updated weekly), updated with the dependency. It holds the disposable ones too, so
 * they are looked up first.
 */
const FREE: ReadonlySet<string> = new Set(freeEmailDomains);

/** What kind of service an address is at: a throwaway, a free one, or an organization's own. */
export type MailService = 'disposable' | 'free' | 'own';

export interface MailDomain {
  /** What follows the '@', in lower case. */
  host: string;
  /** Its registrable domain ('mail.acme.org' -> 'acme.org'); the host when there is none. */
  registrable: string;
  service: MailService;
}

/**
 * The registrable domain of a host or a URL by the Public Suffix List (tldts), its private
 * section included: 'acme.co.uk', and 'acme.github.io' rather than 'github.io', whose sites are
 * each their owner's. Null for what has none (an IP address, 'localhost').
 */
export function registrableDomain(hostOrUrl: string): string | null {
  return getDomain(hostOrUrl.trim(), { allowPrivateDomains: true });
}

/** The domain of a contact address and its kind; null for text with no '@'. */
export function mailDomainOf(address: string): MailDomain | null {
  const at = address.lastIndexOf('@');
  const host = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (at < 0 || !host) return null;
  const registrable = registrableDomain(host) ?? host;
  const listed = (list: ReadonlySet<string>) => list.has(host) || list.has(registrable);
  const service = listed(DISPOSABLE) ? 'disposable' : listed(FREE) ? 'free' : 'own';
  return { host, registrable, service };
}

// ---- links ---------------------------------------------------------------------------------

/**
 * Public link shorteners: a link through one hides where it leads. The board's own list (no list
 * of them is kept in a package): the widely used services' own domains. A custom short domain
 * (a company's own) is not a shortener here.
 */
export const LINK_SHORTENERS = [
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'v.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  'bl.ink',
  't.ly',
  's.id',
  'shorte.st',
  'adf.ly',
  'ouo.io',
  'clck.ru',
  'u.to',
  'qrco.de',
  'tr.im',
  'soo.gd',
  'lnkd.in',
] as const;

/** Messaging apps' links (a chat, a group, a profile): where scams move their candidates. */
export const MESSAGING_LINKS: readonly { domain: string; app: string; path?: string }[] = [
  { domain: 't.me', app: 'Telegram' },
  { domain: 'telegram.me', app: 'Telegram' },
  { domain: 'telegram.dog', app: 'Telegram' },
  { domain: 'telegram.org', app: 'Telegram' },
  { domain: 'wa.me', app: 'WhatsApp' },
  { domain: 'whatsapp.com', app: 'WhatsApp' },
  { domain: 'signal.me', app: 'Signal' },
  { domain: 'signal.group', app: 'Signal' },
  { domain: 'm.me', app: 'Messenger' },
  { domain: 'discord.gg', app: 'Discord' },
  { domain: 'discord.com', app: 'Discord', path: '/invite' },
  { domain: 'line.me', app: 'LINE' },
  { domain: 'lin.ee', app: 'LINE' },
  { domain: 'viber.com', app: 'Viber' },
  { domain: 'viber.click', app: 'Viber' },
  { domain: 'weixin.qq.com', app: 'WeChat' },
  { domain: 'u.wechat.com', app: 'WeChat' },
  { domain: 'open.kakao.com', app: 'KakaoTalk' },
  { domain: 'join.skype.com', app: 'Skype' },
  { domain: 'wickr.me', app: 'Wickr' },
];

/**
 * A link in text, with or without its scheme ('wa.me/1555...', 'https://bit.ly/x'): a host of
 * dotted labels ending in letters, and its path. Not the domain of an e-mail address.
 */
const LINK =
  /(?<![@\w.-])(?:https?:\/\/)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63})(?::\d+)?(\/[^\s<>"'()[\]]*)?/gi;

interface Link {
  host: string;
  path: string;
}

function linksIn(text: string): Link[] {
  return [...text.matchAll(LINK)].map((match) => ({
    host: match[1]!.toLowerCase().replace(/^www\./, ''),
    path: (match[2] ?? '').toLowerCase(),
  }));
}

const onDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

// ---- phrases -------------------------------------------------------------------------------

/**
 * Words typical of job scams, by group (the contract's SCAM_PHRASE_GROUPS say why each is a
 * hint). Matched case-blind in the title, the description and the how-to-apply text; a phrase
 * with a negation just before it in its sentence ('we never charge a registration fee') is not.
 */
export const SCAM_PHRASES: Record<ScamPhraseGroup, readonly RegExp[]> = {
  payment: [
    /\b(?:application|registration|processing|training|onboarding|enrol(?:l)?ment|placement|certification|visa|background[- ]check|starter[- ]kit)\s+(?:fees?|deposits?|charges?)\b/,
    /\bpay\s+(?:(?:a|an|the|your|our)\s+)?(?:small\s+|one[- ]time\s+|refundable\s+|upfront\s+)?(?:fee|deposit)\b/,
    /\b(?:upfront|up-front|advance)\s+(?:payment|fee|deposit)\b/,
    /\b(?:buy|purchase)\s+(?:(?:a|some)\s+)?(?:gift\s*cards?|itunes\s+cards?|google\s+play\s+cards?|steam\s+cards?)\b/,
    /\b(?:send|wire)\s+(?:us\s+)?(?:the\s+)?(?:money|funds|payment)\b/,
  ],
  cheque: [
    /\b(?:we(?:'ll| will)|you(?:'ll| will))\s+(?:send|mail|receive)\s+(?:you\s+)?(?:a\s+)?(?:check|cheque)\b/,
    /\b(?:check|cheque)\s+(?:to|for|that)\s+(?:(?:you\s+)?(?:can\s+|will\s+)?(?:use\s+to\s+)?)?(?:buy|purchase|get|cover)\s+(?:(?:your|the|our)\s+)?(?:equipment|supplies|software|laptop|office)/,
    /\b(?:deposit|cash)\s+(?:the|a|this|our)\s+(?:check|cheque)\b/,
    /\b(?:check|cheque)[- ]cashing\b/,
    /\bcash(?:ing)?\s+(?:checks|cheques)\b/,
    /\bmobile\s+deposit\b/,
  ],
  moneyTransfer: [
    /\b(?:payment|funds?)\s+(?:processing|transfer)\s+(?:agent|assistant|representative|officer)\b/,
    /\breceive\s+(?:payments|funds|money)\s+(?:in|into|to)\s+your\s+(?:own\s+|personal\s+)?(?:bank\s+)?account\b/,
    /\b(?:forward|transfer)\s+(?:the\s+)?(?:funds|payments|money)\s+(?:to|on)\b/,
    /\b(?:reship(?:ping)?|package\s+forwarding|parcel\s+forwarding)\b/,
  ],
  chatInterview: [
    /\binterview(?:s|ed)?\b[^.!?\n]{0,40}?\b(?:on|via|through|over|using)\s+(?:telegram|whatsapp|signal|wickr|kik|viber|wechat|google\s+hangouts|hangouts|text\s+messages?|instant\s+messag(?:e|ing))\b/,
    /\b(?:telegram|whatsapp|signal|wickr|hangouts)\s+(?:chat\s+)?interview\b/,
    /\b(?:contact|message|text|add|reach)\s+(?:us|me|our\s+(?:hr|hiring)\s+(?:manager|team|officer)|the\s+(?:hr|hiring)\s+(?:manager|team|officer))\s+(?:on|via|through|at)\s+(?:telegram|whatsapp|signal|wickr|kik|viber|wechat)\b/,
  ],
  personalData: [
    /\b(?:send|provide|submit|share|email)\s+(?:us\s+)?(?:(?:your|a\s+copy\s+of\s+your|a\s+photo\s+of\s+your)\s+)?(?:bank\s+(?:account\s+)?(?:details|information|info|number)|social\s+security\s+(?:number|card)|ssn|credit\s+card(?:\s+details)?)\b/,
  ],
};

/** Words that, shortly before a phrase in its sentence, say the opposite ('no', 'never' ...). */
const NEGATION =
  /\b(?:no|never|not|without|don't|do not|won't|will not|nor|free of)\b[^.!?\n]{0,30}$/i;

/** Where a sentence ends: '!', '?', a line break, or a full stop before a space (not 't.me'). */
const endsSentence = (text: string, at: number) =>
  /[!?\n]/.test(text[at]!) ||
  (text[at] === '.' && (at + 1 >= text.length || /\s/.test(text[at + 1]!)));

/** The bounds of the sentence around text[start, end). */
function sentenceOf(text: string, start: number, end: number): [number, number] {
  let from = start;
  while (from > 0 && !endsSentence(text, from - 1)) from -= 1;
  let to = end;
  while (to < text.length && !endsSentence(text, to)) to += 1;
  return [from, to];
}

/**
 * A phrase as a reason quotes it: its sentence, spacing made one; when the sentence is longer
 * than quoteLength, the phrase with whole words of its sentence around it, '...' where cut.
 */
function quoteOf(text: string, [from, to]: [number, number], start: number, end: number): string {
  const one = (part: string) => part.replace(/\s+/g, ' ').trim();
  const sentence = one(text.slice(from, to));
  const { quoteLength } = FRAUD_HINT_LIMITS;
  if (sentence.length <= quoteLength) return sentence;
  const room = Math.max(0, Math.floor((quoteLength - (end - start)) / 2));
  const before = text.slice(Math.max(from, start - room), start).split(/\s+/);
  const after = text.slice(end, Math.min(to, end + room)).split(/\s+/);
  // Words cut by the window's edges are left out.
  if (start - room > from) before.shift();
  if (end + room < to) after.pop();
  const quote = one(`${before.join(' ')}${text.slice(start, end)}${after.join(' ')}`);
  return `${start - room > from ? '...' : ''}${quote}${end + room < to ? '...' : ''}`;
}

/** Each group's phrases found in the texts, each quoted in its sentence (quoteOf), once a sentence. */
function scamPhrasesIn(texts: readonly string[]): Map<ScamPhraseGroup, string[]> {
  const found = new Map<ScamPhraseGroup, string[]>();
  for (const [group, patterns] of Object.entries(SCAM_PHRASES) as [ScamPhraseGroup, RegExp[]][]) {
    const quotes = new Map<string, string>();
    texts.forEach((text, place) => {
      for (const pattern of patterns) {
        for (const match of text.matchAll(new RegExp(pattern.source, 'gi'))) {
          if (NEGATION.test(text.slice(Math.max(0, match.index - 40), match.index))) continue;
          const end = match.index + match[0].length;
          const sentence = sentenceOf(text, match.index, end);
          const key = `${place}:${sentence[0]}`;
          if (!quotes.has(key)) quotes.set(key, quoteOf(text, sentence, match.index, end));
        }
      }
    });
    if (quotes.size) found.set(group, [...new Set(quotes.values())]);
  }
  return found;
}

// ---- the hints -----------------------------------------------------------------------------

/** What the hints read of a submission. */
export interface HintSubject {
  organization: string;
  contactEmail: string;
  /** The company's website: the submission's, else the board's company of that name's. */
  websiteUrl: string | null;
  applicationUrl: string;
  title: string;
  description: string;
  howToApply: string | null;
  pay: Pay;
}

/** What the board knows beyond the submission (fraud-hint-facts.ts). */
export interface BoardFacts {
  /** Organizations (as named) that submissions or jobs gave the same contact address for. */
  addressOrganizations: readonly string[];
  /** Organizations named with any address at the contact's domain (read for own domains only). */
  domainOrganizations: readonly string[];
  /** The pay of the live listings of each of the submission's categories that has any. */
  categoryPay: readonly CategoryPay[];
  /** The board's currency (BOARD_CURRENCY): pay in another is not compared. */
  currency: string;
}

/** The other organizations among these names (one each, by labelKey), as first named. */
function otherOrganizations(names: readonly string[], own: string): string[] {
  const seen = new Set([labelKey(own)]);
  return names.filter((name) => !seen.has(labelKey(name)) && seen.add(labelKey(name)));
}

const hint = (kind: FraudHintKind, reason: string): FraudHint => ({
  kind,
  level: FRAUD_HINT_LEVEL[kind],
  reason,
});

/** The contact address against the company's website: its kind of service, or its domain. */
function addressHints(subject: HintSubject, mail: MailDomain | null): FraudHint[] {
  if (!mail) return [];
  if (mail.service === 'disposable') {
    return [hint('disposableMail', FRAUD_HINT_TEXT.disposableMail(mail.host))];
  }
  // A free address says nothing about the website: many small organizations use one.
  if (mail.service === 'free') return [hint('freeMail', FRAUD_HINT_TEXT.freeMail(mail.host))];
  const website = subject.websiteUrl ? registrableDomain(subject.websiteUrl) : null;
  return website && website !== mail.registrable
    ? [hint('domainMismatch', FRAUD_HINT_TEXT.domainMismatch(mail.registrable, website))]
    : [];
}

/** Shorteners and messaging apps in the application link and the texts, once per host. */
function linkHints(places: readonly [FraudHintPlace, string][]): FraudHint[] {
  const hints: FraudHint[] = [];
  const seen = new Set<string>();
  for (const [place, text] of places) {
    for (const { host, path } of linksIn(text)) {
      const shortener = LINK_SHORTENERS.find((domain) => onDomain(host, domain));
      const messaging = MESSAGING_LINKS.find(
        (site) => onDomain(host, site.domain) && (!site.path || path.startsWith(site.path)),
      );
      if ((!shortener && !messaging) || seen.has(host)) continue;
      seen.add(host);
      hints.push(
        messaging
          ? hint('messagingLink', FRAUD_HINT_TEXT.messagingLink(place, messaging.app, host))
          : hint('shortLink', FRAUD_HINT_TEXT.shortLink(place, host)),
      );
    }
  }
  return hints;
}

/** One contact for other organizations: the address itself, or (own domains) its domain. */
function sharedContactHints(
  subject: HintSubject,
  mail: MailDomain | null,
  facts: BoardFacts,
): FraudHint[] {
  const { namesShown, sharedAddressOthers, sharedDomainOthers } = FRAUD_HINT_LIMITS;
  const hints: FraudHint[] = [];
  const byAddress = otherOrganizations(facts.addressOrganizations, subject.organization);
  if (byAddress.length >= sharedAddressOthers) {
    hints.push(
      hint(
        'sharedAddress',
        FRAUD_HINT_TEXT.sharedAddress(byAddress.slice(0, namesShown), byAddress.length),
      ),
    );
  }
  const byDomain = otherOrganizations(facts.domainOrganizations, subject.organization);
  // A free-mail domain is everyone's; and the domain says more than the address only with more.
  if (mail?.service === 'own' && byDomain.length >= sharedDomainOthers) {
    if (byDomain.length > byAddress.length) {
      hints.push(
        hint(
          'sharedDomain',
          FRAUD_HINT_TEXT.sharedDomain(mail.host, byDomain.slice(0, namesShown), byDomain.length),
        ),
      );
    }
  }
  return hints;
}

/**
 * Pay far from its categories': the lowest annual figure more than payAboveTimes the highest
 * median of its categories with enough live listings, or the highest figure less than the lowest
 * median over payBelowTimes. A pay in total (a stipend, a fee), without figures or in another
 * currency has no annual figures and is not compared.
 */
function payHints(subject: HintSubject, facts: BoardFacts): FraudHint[] {
  const annual = annualPay(subject.pay, facts.currency);
  const compared = facts.categoryPay.filter((pay) => pay.sample >= FRAUD_HINT_LIMITS.paySample);
  if (!annual || !compared.length) return [];
  const byMedian = [...compared].sort((a, b) => a.median - b.median);
  const lowest = byMedian[0]!;
  const highest = byMedian[byMedian.length - 1]!;
  if (annual.low > FRAUD_HINT_LIMITS.payAboveTimes * highest.median) {
    return [hint('payAbove', FRAUD_HINT_TEXT.payAbove(annual.low, highest))];
  }
  if (annual.high * FRAUD_HINT_LIMITS.payBelowTimes < lowest.median) {
    return [hint('payBelow', FRAUD_HINT_TEXT.payBelow(annual.high, lowest))];
  }
  return [];
}

/** Every hint about a submission, in the contract's order of kinds; none when nothing is noticed. */
export function fraudHints(subject: HintSubject, facts: BoardFacts): FraudHint[] {
  const mail = mailDomainOf(subject.contactEmail);
  const texts: [FraudHintPlace, string][] = [
    ['applicationUrl', subject.applicationUrl],
    ['title', subject.title],
    ['description', subject.description],
    ['howToApply', subject.howToApply ?? ''],
  ];
  const phrases = scamPhrasesIn(texts.slice(1).map(([, text]) => text));
  const hints = [
    ...addressHints(subject, mail),
    ...linkHints(texts),
    ...sharedContactHints(subject, mail, facts),
    ...[...phrases].map(([group, quotes]) =>
      hint(
        'scamPhrase',
        FRAUD_HINT_TEXT.scamPhrase(quotes.slice(0, FRAUD_HINT_LIMITS.quotesShown), group),
      ),
    ),
    ...payHints(subject, facts),
  ];
  const order = (kind: FraudHintKind) => FRAUD_HINT_KINDS.indexOf(kind);
  return hints.sort((a, b) => order(a.kind) - order(b.kind));
}
