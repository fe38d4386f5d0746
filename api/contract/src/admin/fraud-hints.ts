/**
 * Fraud hints on the admin's review card (issue 45, docs/product.md#fraud-hints): what the API
 * noticed about a submission that is worth a second look, each with its reason in words. The
 * kinds, their levels, the thresholds and every word the card shows live here, so the page shows
 * the API's words and the docs quote them. The rules that find them are the API's
 * (api/src/submissions/review/fraud-hints.ts).
 *
 * A hint informs; it never refuses, holds or delays anything, and no number of them does.
 */
import { enums, object, string, type Infer } from 'superstruct';
import { formatMoney } from '../money';

/**
 * What a hint is about, in the order the card lists them:
 * - `disposableMail`: the contact address is at a throwaway e-mail service;
 * - `freeMail`: at a free e-mail service (a mild hint: small organizations use them);
 * - `domainMismatch`: at an organization's own domain other than the company website's;
 * - `shortLink`: a link shortener in the application link or the text;
 * - `messagingLink`: a messaging app's link (Telegram, WhatsApp, Signal ...) there;
 * - `sharedAddress`: the same contact address given for other organizations;
 * - `sharedDomain`: addresses at the contact's own domain given for several other organizations;
 * - `scamPhrase`: words typical of job scams (asking for money, a cheque to deposit ...);
 * - `payAbove`, `payBelow`: pay far outside that of the live listings of its category.
 */
export const FRAUD_HINT_KINDS = [
  'disposableMail',
  'freeMail',
  'domainMismatch',
  'shortLink',
  'messagingLink',
  'sharedAddress',
  'sharedDomain',
  'scamPhrase',
  'payAbove',
  'payBelow',
] as const;
export type FraudHintKind = (typeof FRAUD_HINT_KINDS)[number];

/**
 * How much a hint says: 'mild' little on its own (a free-mail address; pay that is probably a
 * wrong period), 'strong' worth a closer look. Neither refuses anything.
 */
export const FRAUD_HINT_LEVELS = ['mild', 'strong'] as const;
export type FraudHintLevel = (typeof FRAUD_HINT_LEVELS)[number];

/** Each kind's level. */
export const FRAUD_HINT_LEVEL: Record<FraudHintKind, FraudHintLevel> = {
  disposableMail: 'strong',
  freeMail: 'mild',
  domainMismatch: 'strong',
  shortLink: 'strong',
  messagingLink: 'strong',
  sharedAddress: 'strong',
  sharedDomain: 'mild',
  scamPhrase: 'strong',
  payAbove: 'strong',
  payBelow: 'mild',
};

/** One hint as the review card shows it: its kind, its level and why, in the API's words. */
export const FraudHint = object({
  kind: enums(FRAUD_HINT_KINDS),
  level: enums(FRAUD_HINT_LEVELS),
  reason: string(),
});
export type FraudHint = Infer<typeof FraudHint>;

/** The thresholds of the hints (docs/product.md#fraud-hints says why each is what it is). */
export const FRAUD_HINT_LIMITS = {
  /** sharedAddress: the contact address given for at least this many other organizations. */
  sharedAddressOthers: 1,
  /**
   * sharedDomain: addresses at the contact's own domain given for at least this many other
   * organizations (an agency or a university posts for a few; never counted for free mail).
   */
  sharedDomainOthers: 2,
  /** How many of the other organizations a reason names. */
  namesShown: 3,
  /** payAbove: the lowest annual figure more than this many times the category's median. */
  payAboveTimes: 3,
  /** payBelow: the highest annual figure less than the category's median divided by this. */
  payBelowTimes: 3,
  /** Live listings with annual figures a category needs before its median is compared. */
  paySample: 10,
  /** Phrases a scam-phrase reason quotes at most, each cut to `quoteLength` characters. */
  quotesShown: 2,
  quoteLength: 120,
} as const;

/** Where in the submission a link or a phrase was found, as a reason names it. */
export const FRAUD_HINT_PLACES = {
  applicationUrl: 'application link',
  title: 'title',
  description: 'description',
  howToApply: 'how-to-apply text',
} as const;
export type FraudHintPlace = keyof typeof FRAUD_HINT_PLACES;

/** The groups of scam phrases, each with why it is a hint (the end of its reason). */
export const SCAM_PHRASE_GROUPS = {
  payment: 'it asks the candidate for money, which genuine employers do not.',
  cheque: 'a cheque to deposit and spend on equipment or pass on is the fake-cheque scam.',
  moneyTransfer: 'moving money or parcels for someone is how money mules are recruited.',
  chatInterview: 'scams move candidates, and their "interviews", to chat on messaging apps.',
  personalData: 'it asks for bank or identity details before anyone is hired.',
} as const;
export type ScamPhraseGroup = keyof typeof SCAM_PHRASE_GROUPS;

/** 'A', 'A and B', 'A, B and C'; with more than shown, 'A, B, C and 2 more'. */
function namesInWords(names: readonly string[], total: number): string {
  const shown = names.map((name) => `"${name}"`);
  const more = total - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  if (shown.length < 2) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

const PART_OF = { 2: 'half', 3: 'a third', 4: 'a quarter' } as Record<number, string | undefined>;

/** A category's pay, as a pay reason names it. */
export interface CategoryPay {
  category: string;
  /** The median annual pay of its live listings with figures, in `currency`. */
  median: number;
  /** How many listings that median is of. */
  sample: number;
  currency: string;
}

/** Every word the review card's hints show, the reasons built by the API (word for word in docs/product.md#fraud-hints). */
export const FRAUD_HINT_TEXT = {
  heading: 'Fraud hints',
  intro: 'What the board noticed, for a closer look: no hint is a reason to refuse on its own.',
  none: 'No fraud hints.',
  levels: { mild: 'Mild hint', strong: 'Look closer' } satisfies Record<FraudHintLevel, string>,
  disposableMail: (domain: string) =>
    `The contact address is at ${domain}, a disposable (throwaway) e-mail service: it may stop working once the listing is paid.`,
  freeMail: (domain: string) =>
    `The contact address is at ${domain}, a free e-mail service. Many small organizations and nonprofits use one: a mild hint on its own.`,
  domainMismatch: (contactDomain: string, websiteDomain: string) =>
    `The contact address is at ${contactDomain}, but the company's website is at ${websiteDomain}.`,
  shortLink: (place: FraudHintPlace, host: string) =>
    `The ${FRAUD_HINT_PLACES[place]} uses the link shortener ${host}, which hides where it leads.`,
  messagingLink: (place: FraudHintPlace, app: string, host: string) =>
    `The ${FRAUD_HINT_PLACES[place]} links to ${app} (${host}): scams move candidates to messaging apps.`,
  sharedAddress: (names: readonly string[], total: number) =>
    `The same contact address was given for ${total} other organization${total === 1 ? '' : 's'}: ${namesInWords(names, total)}.`,
  sharedDomain: (domain: string, names: readonly string[], total: number) =>
    `Contact addresses at ${domain} were given for ${total} other organizations: ${namesInWords(names, total)}.`,
  scamPhrase: (quotes: readonly string[], group: ScamPhraseGroup) =>
    `The text says ${quotes.map((quote) => `"${quote}"`).join(' and ')}: ${SCAM_PHRASE_GROUPS[group]}`,
  payAbove: (lowest: number, pay: CategoryPay) =>
    `The pay (at least ${formatMoney(lowest, pay.currency)} a year) is more than ${FRAUD_HINT_LIMITS.payAboveTimes} times the median of the live ${pay.category} listings (${formatMoney(pay.median, pay.currency)} a year, of ${pay.sample}).`,
  payBelow: (highest: number, pay: CategoryPay) =>
    `The pay (at most ${formatMoney(highest, pay.currency)} a year) is less than ${PART_OF[FRAUD_HINT_LIMITS.payBelowTimes] ?? `1/${FRAUD_HINT_LIMITS.payBelowTimes}`} of the median of the live ${pay.category} listings (${formatMoney(pay.median, pay.currency)} a year, of ${pay.sample}): check its period.`,
} as const;
