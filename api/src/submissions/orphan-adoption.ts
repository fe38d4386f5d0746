import type { Knex } from 'knex';
import type { OrganizationsService } from '../organizations';
import type { ListingCreditsRepository } from './listing-credits-repository';
import type { SubmissionsRepository } from './submissions-repository';

/** Rows adopted a transaction. */
const BATCH = 200;

/**
 * Listings and credits that an earlier release wrote after the organisations' migration ran (a
 * rolling upgrade: its processes still serve while the new ones start; issue 47) have no
 * organisation, so no member would see them. Each is given its contact address's organisation
 * (an organisation of one for an address in none), as a submission of this release is. Run once
 * the schema is this release's (submissions/plugin.ts). How many rows were adopted.
 */
export async function adoptOrphans(
  db: Knex,
  deps: {
    submissions: SubmissionsRepository;
    credits: ListingCreditsRepository;
    organizations: Pick<OrganizationsService, 'ensureFor'>;
  },
  now: Date,
): Promise<number> {
  let adopted = 0;
  for (;;) {
    const n = await db.transaction(async (trx) => {
      const rows = await deps.submissions.withoutOrganization(trx, BATCH);
      for (const row of rows) {
        const id = await deps.organizations.ensureFor(
          trx,
          row.contact_email,
          row.organization,
          now,
        );
        await deps.submissions.moveToOrganization(trx, { submissionId: row.id }, id);
      }
      const credits = await deps.credits.withoutOrganization(trx, BATCH);
      for (const credit of credits) {
        const id = await deps.organizations.ensureFor(trx, credit.contact_email, '', now);
        await deps.credits.adopt(trx, credit.id, id);
      }
      return rows.length + credits.length;
    });
    adopted += n;
    if (n === 0) return adopted;
  }
}
