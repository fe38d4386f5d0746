import { emailKey } from '@jobboard/contract/common';
import { TEAM_MESSAGES, type OrganizationRole } from '@jobboard/contract/employer';
import type { Knex } from 'knex';
import type { Db } from '../platform/db/knex';
import type { OrganizationsRepository } from './organizations-repository';

export interface Membership {
  organizationId: number;
  name: string;
  role: OrganizationRole;
}

/**
 * Whose a listing is (issue 47): every address belongs to at most one organisation, and every
 * employer read and change goes address -> its organisation -> that organisation's listings and
 * credits. The one home of that question, asked by the submissions (a new submission's
 * organisation, the employer's listings and credits) and the employer area (a removed member's
 * session ends with its next request).
 */
export class OrganizationsService {
  constructor(
    readonly db: Knex,
    readonly repository: OrganizationsRepository,
  ) {}

  /** The organisation of an address (any spelling of it), or undefined. */
  async of(email: string, db: Db = this.db): Promise<Membership | undefined> {
    const row = await this.repository.membershipOf(db, emailKey(email));
    return row
      ? { organizationId: Number(row.organization_id), name: row.name, role: row.role }
      : undefined;
  }

  /** The organisation id of an address, or undefined. */
  async idOf(email: string, db: Db = this.db): Promise<number | undefined> {
    return (await this.of(email, db))?.organizationId;
  }

  /**
   * The organisation a new submission of this contact address belongs to: the address's own, or a
   * new organisation of one named as the submission names its organisation, the address its owner.
   */
  async ensureFor(trx: Knex.Transaction, email: string, name: string, now: Date): Promise<number> {
    const key = emailKey(email);
    const existing = await this.idOf(key, trx);
    if (existing !== undefined) return existing;
    const organizationId = await this.repository.insert(trx, {
      name: name.trim().slice(0, 300) || key,
      companyId: null,
      at: now.getTime(),
    });
    // Two first submissions of one address at once: one organisation wins, the other is undone.
    const added = await this.repository.addMemberIfNone(trx, {
      organizationId,
      key,
      role: 'owner',
      at: now.getTime(),
    });
    if (!added) {
      await this.repository.delete(trx, organizationId);
      return (await this.idOf(key, trx))!;
    }
    await this.repository.record(trx, {
      organizationId,
      at: now,
      actor: key,
      action: 'created',
      subject: key,
      detail: 'An organisation of one, with its first submission',
    });
    return organizationId;
  }

  /**
   * "An organisation is tied to the company record" (issue 47): the first listing of an
   * organisation that is published ties an organisation tied to no company yet to its job's
   * company, in the publishing transaction, with a line in its history. One tied already keeps its
   * tie: a later listing naming another company (an agency's client, a renamed company) does not
   * move the organisation; an admin's company merge re-ties it (admin-organizations.ts).
   */
  async tieToCompany(
    trx: Knex.Transaction,
    organizationId: number,
    company: { id: number; name: string },
    by: { actor: string; jobId: number },
    now: Date,
  ): Promise<boolean> {
    const tied = await this.repository.tieIfUntied(trx, organizationId, company.id);
    if (tied) {
      await this.repository.record(trx, {
        organizationId,
        at: now,
        actor: by.actor,
        action: 'company_tied',
        subject: `Company ${company.name} (#${company.id})`,
        detail: `Job #${by.jobId}, published now, names this company`,
      });
    }
    return tied;
  }

  /**
   * Why a signed-in address that is in no organisation has no access (its session's next request
   * answers this, 403): removed by the owner, or left, on that date; or never in one.
   */
  async accessEnded(email: string): Promise<string> {
    const key = emailKey(email);
    const departure = await this.repository.lastDeparture(this.db, key);
    if (!departure) return TEAM_MESSAGES.noOrganization;
    const at = new Date(Number(departure.at));
    return departure.action === 'left'
      ? TEAM_MESSAGES.accessEndedLeft(departure.name, at)
      : TEAM_MESSAGES.accessEnded(departure.name, departure.actor, at);
  }
}
