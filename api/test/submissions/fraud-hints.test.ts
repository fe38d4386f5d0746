import {
  FRAUD_HINT_LIMITS,
  FRAUD_HINT_TEXT,
  type CategoryPay,
  type FraudHint,
  type FraudHintKind,
} from '@jobboard/contract/admin';
import { NO_PAY, type Pay } from '@jobboard/contract/jobs';
import { describe, expect, it } from 'vitest';
import {
  fraudHints,
  mailDomainOf,
  type BoardFacts,
  type HintSubject,
} from '../../src/submissions/review/fraud-hints';
import { SCAM_LIKE_KINDS } from '../support/fraud-hints';

/**
 * The fraud hints' rules (issue 45, api/src/submissions/review/fraud-hints.ts), as a table: each
 * case a submission (changed from a plain one) and what the board knows, with the hints that must
 * fire and those that must not. The plain submission fires none.
 */

const usd = (min: number | null, max: number | null, period: Pay['period'] = 'year'): Pay => ({
  ...NO_PAY,
  min,
  max,
  period,
  currency: 'USD',
});

const PLAIN: HintSubject = {
  organization: 'Harbor Health Alliance',
  contactEmail: 'jobs@harborhealth.org',
  websiteUrl: 'https://www.harborhealth.org',
  applicationUrl: 'https://harborhealth.org/careers/grants-writer',
  title: 'Senior Grants Writer',
  description:
    'Write and manage grant proposals for community health programs. We never charge an application fee.',
  howToApply: null,
  pay: usd(60_000, 70_000),
};

const FUNDRAISING: CategoryPay = {
  category: 'Fundraising',
  median: 65_000,
  sample: 40,
  currency: 'USD',
};

const NO_FACTS: BoardFacts = {
  addressOrganizations: [],
  domainOrganizations: [],
  categoryPay: [FUNDRAISING],
  currency: 'USD',
};

interface Case {
  name: string;
  subject?: Partial<HintSubject>;
  facts?: Partial<BoardFacts>;
  /** Kinds that must fire (in this order: the contract's order of kinds). */
  fires: FraudHintKind[];
  /** Kinds that must not fire (besides all not in `fires`, which the test checks too). */
  mustNot?: FraudHintKind[];
  /** Words each fired hint's reason holds, by kind. */
  says?: Partial<Record<FraudHintKind, string[]>>;
}

const CASES: Case[] = [
  { name: 'a plain submission', fires: [] },
  // ---- the contact address and the website
  {
    name: 'a nonprofit on a free-mail address with a matching website: free mail alone, mild',
    subject: {
      organization: 'Friends of River Park',
      contactEmail: 'friendsofriverpark@gmail.com',
      websiteUrl: 'https://friendsofriverpark.org',
      applicationUrl: 'https://friendsofriverpark.org/volunteer-coordinator',
    },
    fires: ['freeMail'],
    mustNot: ['domainMismatch', 'disposableMail', 'scamPhrase'],
    says: { freeMail: ['gmail.com', 'a mild hint on its own'] },
  },
  {
    name: 'a free-mail address with no website at all',
    subject: { contactEmail: 'Director.Jobs@Outlook.com', websiteUrl: null },
    fires: ['freeMail'],
    says: { freeMail: ['outlook.com'] },
  },
  {
    name: 'a free-mail address with a website elsewhere: free mail, never a mismatch',
    subject: { contactEmail: 'hr.harbor@proton.me' },
    fires: ['freeMail'],
    mustNot: ['domainMismatch'],
  },
  {
    name: "the address at a subdomain of the website's domain",
    subject: {
      contactEmail: 'hr@mail.harborhealth.org',
      websiteUrl: 'https://careers.harborhealth.org/',
    },
    fires: [],
  },
  {
    name: 'a country-code domain: the registrable domain is acme.co.uk, not co.uk',
    subject: { contactEmail: 'jobs@acme.co.uk', websiteUrl: 'https://www.acme.co.uk' },
    fires: [],
  },
  {
    name: 'another organization under the same public suffix (co.uk)',
    subject: { contactEmail: 'jobs@acme-recruit.co.uk', websiteUrl: 'https://www.acme.co.uk' },
    fires: ['domainMismatch'],
    says: { domainMismatch: ['acme-recruit.co.uk', 'acme.co.uk'] },
  },
  {
    name: "the address at another domain than the website's",
    subject: { contactEmail: 'careers@harbor-health-jobs.com' },
    fires: ['domainMismatch'],
    says: { domainMismatch: ['harbor-health-jobs.com', 'harborhealth.org'] },
  },
  {
    name: "a website on a shared host is its owner's own domain (github.io is a public suffix)",
    subject: { contactEmail: 'team@openballot.org', websiteUrl: 'https://openballot.github.io' },
    fires: ['domainMismatch'],
    says: { domainMismatch: ['openballot.github.io'] },
  },
  {
    name: 'an own domain with no website to compare: nothing',
    subject: { contactEmail: 'jobs@harbor-health-jobs.com', websiteUrl: null },
    fires: [],
  },
  {
    name: 'a disposable address: disposable, not free mail, no mismatch',
    subject: { contactEmail: 'boss@mailinator.com' },
    fires: ['disposableMail'],
    mustNot: ['freeMail', 'domainMismatch'],
    says: { disposableMail: ['mailinator.com', 'disposable'] },
  },
  // ---- links
  {
    name: 'a shortened application link',
    subject: { applicationUrl: 'https://bit.ly/3xYzAbc' },
    fires: ['shortLink'],
    says: { shortLink: ['application link', 'bit.ly'] },
  },
  {
    name: 'a shortener in the text, without its scheme',
    subject: { description: `${PLAIN.description} Apply at tinyurl.com/harbor-apply today.` },
    fires: ['shortLink'],
    says: { shortLink: ['description', 'tinyurl.com'] },
  },
  {
    name: 'a Telegram link in the description',
    subject: { description: `${PLAIN.description} Questions: t.me/harbor_hiring_manager.` },
    fires: ['messagingLink'],
    says: { messagingLink: ['description', 'Telegram', 't.me'] },
  },
  {
    name: 'a WhatsApp application link, and a WhatsApp group in how to apply (one hint per host)',
    subject: {
      applicationUrl: 'https://wa.me/15551234567',
      howToApply: 'Join https://chat.whatsapp.com/AbCdEf and https://wa.me/15551234567',
    },
    fires: ['messagingLink', 'messagingLink'],
    says: { messagingLink: ['WhatsApp'] },
  },
  {
    name: 'a Discord invitation',
    subject: { howToApply: 'Apply through discord.com/invite/harbor' },
    fires: ['messagingLink'],
    says: { messagingLink: ['how-to-apply text', 'Discord'] },
  },
  {
    name: 'links that only look alike: not shorteners or messaging apps',
    subject: {
      description:
        `${PLAIN.description} Read about us at https://www.telegraph.co.uk/health and notbit.ly/x,` +
        ' see discord.com/company, node.js skills, e.g. a plus. Mail jobs@t.me.example.',
      applicationUrl: 'https://signalhealth.org/jobs/1',
    },
    fires: [],
  },
  // ---- the same contact for other organizations
  {
    name: 'the same address given for another organization',
    facts: { addressOrganizations: ['Harbor Health Alliance', 'Quick Cash Logistics'] },
    fires: ['sharedAddress'],
    says: { sharedAddress: ['1 other organization:', '"Quick Cash Logistics"'] },
  },
  {
    name: 'the same address for many organizations: three named, the rest counted',
    facts: { addressOrganizations: ['A One', 'B Two', 'C Three', 'D Four', 'E Five'] },
    fires: ['sharedAddress'],
    says: { sharedAddress: ['5 other organizations', '"A One", "B Two", "C Three" and 2 more'] },
  },
  {
    name: "the same address for the organization's own other listings (any spelling): nothing",
    facts: { addressOrganizations: ['harbor health alliance ', 'HARBOR HEALTH ALLIANCE'] },
    fires: [],
  },
  {
    name: 'an own domain given for several other organizations',
    facts: { domainOrganizations: ['Harbor Health Alliance', 'Bay Clinic', 'Delta Care'] },
    fires: ['sharedDomain'],
    says: { sharedDomain: ['harborhealth.org', '2 other organizations'] },
  },
  {
    name: 'an own domain given for one other organization: below the threshold',
    facts: { domainOrganizations: ['Harbor Health Alliance', 'Harbor Health Foundation'] },
    fires: [],
  },
  {
    name: 'a free-mail domain is everyone\u2019s: never counted',
    subject: { contactEmail: 'harbor@gmail.com' },
    facts: { domainOrganizations: ['One', 'Two', 'Three', 'Four'] },
    fires: ['freeMail'],
    mustNot: ['sharedDomain'],
  },
  // ---- phrases
  {
    name: 'a fee to start',
    subject: { description: 'Remote data entry. Pay a one-time training fee of $75 to begin.' },
    fires: ['scamPhrase'],
    says: {
      scamPhrase: ['"Pay a one-time training fee of $75 to begin"', 'asks the candidate for money'],
    },
  },
  {
    name: 'the equipment cheque',
    subject: {
      description:
        'We will send you a check to purchase your equipment from our vendor. Deposit the check by mobile deposit.',
    },
    fires: ['scamPhrase'],
    says: {
      scamPhrase: [
        '"We will send you a check to purchase your equipment from our vendor" and "Deposit the check by mobile deposit"',
        'fake-cheque scam',
      ],
    },
  },
  {
    name: 'an interview on Telegram, and a chat on WhatsApp',
    subject: {
      description: 'Interviews are conducted on Telegram.',
      howToApply: 'Contact our HR manager on WhatsApp.',
    },
    fires: ['scamPhrase'],
    says: {
      scamPhrase: [
        '"Interviews are conducted on Telegram" and "Contact our HR manager on WhatsApp"',
      ],
    },
  },
  {
    name: 'money mule and personal data: one hint per group',
    subject: {
      title: 'Payment Processing Agent',
      description:
        'Receive payments into your personal bank account. Send us your bank account details.',
    },
    fires: ['scamPhrase', 'scamPhrase'],
    says: { scamPhrase: ['money mules', 'bank or identity details'] },
  },
  {
    name: 'the words of honest listings: no fee, donors, checks of another kind',
    subject: {
      description:
        'There is no registration fee. Process donor payments and gifts, run background checks on ' +
        'volunteers, check the grant budget and cash handling at events. Interviews on Zoom.',
    },
    fires: [],
  },
  // ---- pay
  {
    name: 'pay far above its category',
    subject: { pay: usd(250_000, 300_000) },
    fires: ['payAbove'],
    says: { payAbove: ['$250,000', '3 times', 'Fundraising', '$65,000', 'of 40'] },
  },
  {
    name: 'pay high in its category but within three times its median',
    subject: { pay: usd(150_000, 250_000) },
    fires: [],
  },
  {
    name: 'pay per hour far below (probably a wrong period): mild',
    subject: { pay: usd(8, 10, 'hour') },
    fires: ['payBelow'],
    says: { payBelow: ['$20,800', 'a third', 'check its period'] },
  },
  {
    name: 'a modest hourly wage is not below',
    subject: { pay: usd(16, 20, 'hour') },
    fires: [],
  },
  {
    name: 'too few live listings in the category to compare',
    subject: { pay: usd(900_000, null) },
    facts: { categoryPay: [{ ...FUNDRAISING, sample: FRAUD_HINT_LIMITS.paySample - 1 }] },
    fires: [],
  },
  {
    name: 'a stipend, pay in another currency and no figures are not compared',
    subject: { pay: { ...usd(900_000, null), period: 'stipend' } },
    fires: [],
  },
  {
    name: 'pay in another currency than the board’s',
    subject: { pay: { ...usd(900_000, null), currency: 'EUR' } },
    fires: [],
  },
  {
    name: 'two categories: compared with the better paid one',
    subject: { pay: usd(250_000, null) },
    facts: {
      categoryPay: [
        FUNDRAISING,
        { category: 'Product and Tech', median: 120_000, sample: 50, currency: 'USD' },
      ],
    },
    fires: [],
  },
  {
    name: 'a scam-like submission: every hint at once, in the contract’s order',
    subject: {
      organization: 'Global Relief Outreach',
      contactEmail: 'hiring.globalrelief@gmail.com',
      websiteUrl: 'https://globalrelief.org',
      applicationUrl: 'https://bit.ly/grelief-apply',
      description:
        'Work from home as a Payment Processing Agent. Interviews are held on Telegram: t.me/grelief_hr. ' +
        'We will send you a check to buy your equipment; a refundable starter kit fee applies.',
      pay: usd(5_000, 6_000, 'week'),
    },
    facts: { addressOrganizations: ['Global Relief Outreach', 'Harbor Aid Network'] },
    fires: SCAM_LIKE_KINDS,
  },
];

const run = (c: Case): FraudHint[] =>
  fraudHints({ ...PLAIN, ...c.subject }, { ...NO_FACTS, ...c.facts });

describe('fraud hints, case by case', () => {
  it.each(CASES)('$name', (c) => {
    const hints = run(c);
    expect(hints.map((h) => h.kind)).toEqual(c.fires);
    for (const kind of c.mustNot ?? []) expect(hints.map((h) => h.kind)).not.toContain(kind);
    for (const [kind, words] of Object.entries(c.says ?? {})) {
      const reasons = hints.filter((h) => h.kind === kind).map((h) => h.reason);
      for (const word of words!) expect(reasons.join('\n')).toContain(word);
    }
  });

  it('never flags the nonprofit on free mail as more than a mild hint', () => {
    const hints = run(CASES[1]!);
    expect(hints).toEqual([
      {
        kind: 'freeMail',
        level: 'mild',
        reason:
          'The contact address is at gmail.com, a free e-mail service. Many small organizations and nonprofits use one: a mild hint on its own.',
      },
    ]);
  });

  it('gives each kind its level and the reason in the contract’s words', () => {
    const hints = run(CASES.at(-1)!);
    expect(hints.find((h) => h.kind === 'shortLink')).toEqual({
      kind: 'shortLink',
      level: 'strong',
      reason: 'The application link uses the link shortener bit.ly, which hides where it leads.',
    });
    expect(hints.find((h) => h.kind === 'payAbove')!.reason).toBe(
      'The pay (at least $260,000 a year) is more than 3 times the median of the live Fundraising listings ($65,000 a year, of 40).',
    );
    expect(hints.find((h) => h.kind === 'sharedAddress')!.reason).toBe(
      FRAUD_HINT_TEXT.sharedAddress(['Harbor Aid Network'], 1),
    );
  });
});

describe('what the rules stand on', () => {
  it.each([
    ['ana@gmail.com', 'free'],
    ['Ana@GoogleMail.com', 'free'],
    ['ana@yahoo.co.uk', 'free'],
    ['ana@mailinator.com', 'disposable'],
    ['ana@10minutemail.com', 'disposable'],
    ['ana@harborhealth.org', 'own'],
    ['ana@mail.harborhealth.org', 'own'],
  ])('%s is at a service of kind %s', (address, service) => {
    expect(mailDomainOf(address)?.service).toBe(service);
  });

  it('reads the registrable domain of an address by the public suffix list', () => {
    expect(mailDomainOf('hr@mail.acme.co.uk')).toEqual({
      host: 'mail.acme.co.uk',
      registrable: 'acme.co.uk',
      service: 'own',
    });
    expect(mailDomainOf('no address')).toBeNull();
  });

  it('quotes a phrase in its sentence, cut to whole words around it when the sentence is long', () => {
    const long =
      'Once your documents are in order and our coordinator has confirmed your start date by e-mail, ' +
      'you will need to pay a registration fee before we can begin the onboarding process with you and your family.';
    const [payment] = fraudHints({ ...PLAIN, description: long }, NO_FACTS);
    const quote = /"(.*)"/.exec(payment!.reason)![1]!;
    expect(quote).toMatch(/^\.\.\.\S.* pay a registration fee .*\S\.\.\.$/);
    expect(quote.length).toBeLessThanOrEqual(FRAUD_HINT_LIMITS.quoteLength + 6);
    for (const word of quote.replace(/\.\.\./g, '').split(' ')) expect(long).toContain(` ${word} `);
  });
});
