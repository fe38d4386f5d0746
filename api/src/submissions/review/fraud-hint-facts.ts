import type { FraudHint } from '@jobboard/contract/admin';
import { emailKey } from '@jobboard/contract/common';
import { labelKey } from '@jobboard/contract/jobs';
import type { Db } from '../../platform/db/knex';
import { payOfRow, type CategoryPayRow, type ReviewSignals, type StoredCompany } from '../../jobs';
import type { ReviewRow } from '../submission-row';
import type { SubmissionsService } from '../submissions-service';
import { fraudHints, mailDomainOf, type HintSubject } from './fraud-hints';

/**
 * How long the categories' pay is kept in the process before the live listings are read again.
 * The queue's page is fetched every 30 seconds; a category's median moves little in minutes, and
 * reading every category's is one query over the live jobs' pay (about 60,000 pairs of a job and a
 * category at 100,000 jobs): a page of 25 cards took 0.36 s (SQLite) and 0.43 s (PostgreSQL) with
 * it, 0.04 s without (bench/src/fraud-hints.ts).
 */
export const CATEGORY_PAY_TTL_MS = 10 * 60 * 1000;

/** What the hints read beyond the submission itself. */
export interface FraudHintSources {
  submissions: Pick<SubmissionsService, 'contactOrganizations'>;
  jobs: Pick<ReviewSignals, 'contactOrganizations' | 'categoryPay'>;
  /** BOARD_CURRENCY: the currency of the annual figures compared. */
  currency: string;
}

/** A card to find hints for: the submission, and the website of the board's company of its name. */
export interface HintCard {
  row: ReviewRow;
  boardWebsite: string | null;
}

/** A card's row with the website of the board's company of its name, if it has one. */
export const hintCard = (row: ReviewRow, company: StoredCompany | undefined): HintCard => ({
  row,
  boardWebsite: company?.details.websiteUrl || null,
});

const categoriesOf = (row: ReviewRow): string[] => {
  const parsed: unknown = JSON.parse(String(row.categories ?? '[]'));
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

/** What the rules read of a submission (fraud-hints.ts HintSubject). */
export function hintSubjectOf({ row, boardWebsite }: HintCard): HintSubject {
  return {
    organization: row.organization,
    contactEmail: row.contact_email,
    websiteUrl: row.company_website_url?.trim() || boardWebsite || null,
    applicationUrl: row.application_url ?? '',
    title: row.title,
    description: row.description,
    howToApply: row.how_to_apply ?? null,
    pay: payOfRow(row),
  };
}

/**
 * The review card's fraud hints, worked out as the admin reads the card (one submission, or a
 * page of the queue at once): the rules are fraud-hints.ts; this reads what they need of the
 * board in a few queries for the whole page: the organizations named with the cards' contact
 * addresses and own domains (submissions and jobs), and the pay of their categories (kept
 * CATEGORY_PAY_TTL_MS). Worked out when read rather than stored at submission: the other
 * organizations and the categories' pay change after a submission arrives (a second
 * organization with the same address shows on the first card too), the lists update with their
 * packages, and the employer may edit before review; a page costs a few index ranges.
 */
export class FraudHintFinder {
  /** Every category's pay, by its key, and until when it is kept. */
  private categoryPay: { byKey: Map<string, CategoryPayRow>; until: number } | null = null;

  constructor(private readonly sources: FraudHintSources) {}

  /** The hints of each card, by submission id. */
  async hintsOf(db: Db, cards: readonly HintCard[], now: Date): Promise<Map<number, FraudHint[]>> {
    const mails = cards.map(({ row }) => mailDomainOf(row.contact_email));
    const lookup = {
      addresses: cards.filter((_, i) => mails[i]).map(({ row }) => emailKey(row.contact_email)),
      domains: mails.flatMap((mail) => (mail?.service === 'own' ? [mail.host] : [])),
    };
    const found = [
      ...(await this.sources.submissions.contactOrganizations(db, lookup)),
      ...(await this.sources.jobs.contactOrganizations(lookup, db)),
    ];
    const byAddress = new Map<string, string[]>();
    const byDomain = new Map<string, string[]>();
    for (const { address, domain, organization } of found) {
      byAddress.set(address, [...(byAddress.get(address) ?? []), organization]);
      byDomain.set(domain, [...(byDomain.get(domain) ?? []), organization]);
    }
    const categoryPay = await this.categoryPayAt(db, now);
    return new Map(
      cards.map((card, i) => {
        const mail = mails[i];
        return [
          Number(card.row.id),
          fraudHints(hintSubjectOf(card), {
            addressOrganizations: byAddress.get(emailKey(card.row.contact_email)) ?? [],
            domainOrganizations: mail?.service === 'own' ? (byDomain.get(mail.host) ?? []) : [],
            categoryPay: categoriesOf(card.row).flatMap((name) => {
              const pay = categoryPay.get(labelKey(name));
              return pay
                ? [
                    {
                      category: pay.name,
                      median: pay.median,
                      sample: pay.sample,
                      currency: this.sources.currency,
                    },
                  ]
                : [];
            }),
            currency: this.sources.currency,
          }),
        ];
      }),
    );
  }

  /** Every category's pay, read again once older than CATEGORY_PAY_TTL_MS. */
  private async categoryPayAt(db: Db, now: Date): Promise<Map<string, CategoryPayRow>> {
    if (!this.categoryPay || this.categoryPay.until <= now.getTime()) {
      this.categoryPay = {
        byKey: await this.sources.jobs.categoryPay(now, db),
        until: now.getTime() + CATEGORY_PAY_TTL_MS,
      };
    }
    return this.categoryPay.byKey;
  }
}
