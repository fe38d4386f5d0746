import {
  TEAM_LIMITS,
  TEAM_MESSAGES,
  type AdminOrganization,
  type AdminOrganizationList,
  type AdminOrganizationSummary,
} from '@jobboard/contract/employer';
import type { Knex } from 'knex';
import { Conflict, NotFound } from '../../platform/domain-errors';
import type { AuditActor, Companies, CompanyMerge } from '../../jobs';
import type { SubmissionsService } from '../../submissions';
import type { OrganizationRow } from '../organizations-repository';
import type { OrganizationsService } from '../organizations-service';

export interface AdminOrganizationsCollaborators {
  organizations: OrganizationsService;
  submissions: Pick<
    SubmissionsService,
    'ofOrganization' | 'moveToOrganization' | 'moveCredits' | 'creditsLeft' | 'load'
  >;
  companies: Pick<CompanyMerge, 'merge'>;
  /** The tied company's name and page, for an organisation's page. */
  companyPages: Pick<Companies, 'pageOf'>;
}

const iso = (at: number | string) => new Date(Number(at)).toISOString();
/** Listings an organisation's page shows (an organisation of a board's size has far fewer). */
const LISTINGS_SHOWN = 200;

/**
 * The admins' tools over organisations (issue 47): list and search them, see one (members,
 * listings, credits, history), move a listing or the credits to another, merge a duplicate
 * organisation (its members, listings, credits and invitations move; it is kept, merged_into the
 * other, so its links and history still resolve) and merge duplicate companies. Every move is
 * recorded in the history of both organisations.
 */
export class AdminOrganizations {
  constructor(private readonly c: AdminOrganizationsCollaborators) {}

  private get db(): Knex {
    return this.c.organizations.db;
  }

  private get repo() {
    return this.c.organizations.repository;
  }

  async list(q: string, page: number): Promise<AdminOrganizationList> {
    const pageSize = TEAM_LIMITS.adminPageSize;
    const { rows, total } = await this.repo.search(this.db, q, page, pageSize);
    const organizations = await Promise.all(rows.map((row) => this.summary(row, row.members)));
    return { organizations, page, pageSize, total };
  }

  private async summary(row: OrganizationRow, members: number): Promise<AdminOrganizationSummary> {
    const id = Number(row.id);
    return {
      id,
      name: row.name,
      companyId: row.company_id == null ? null : Number(row.company_id),
      verifiedDomain: row.verified_domain,
      members,
      listings: (await this.c.submissions.ofOrganization(id, 1, 1)).total,
      creditsLeft: await this.c.submissions.creditsLeft(this.db, id),
      mergedIntoId: row.merged_into_id == null ? null : Number(row.merged_into_id),
      createdAt: iso(row.created_at),
    };
  }

  private async found(db: Knex | Knex.Transaction, id: number): Promise<OrganizationRow> {
    const row = await this.repo.find(db, id);
    if (!row) throw new NotFound(TEAM_MESSAGES.organizationNotFound);
    return row;
  }

  async one(id: number): Promise<AdminOrganization> {
    const row = await this.found(this.db, id);
    const members = await this.repo.members(this.db, id);
    const { rows } = await this.c.submissions.ofOrganization(id, 1, LISTINGS_SHOWN);
    const history = await this.repo.history(this.db, id);
    return {
      organization: await this.summary(row, members.length),
      company:
        row.company_id == null
          ? null
          : ((await this.c.companyPages.pageOf(Number(row.company_id), this.db)) ?? null),
      domainJoin: Boolean(row.domain_join),
      members: members.map((m) => ({
        email: m.email_key,
        role: m.role,
        joinedAt: iso(m.joined_at),
      })),
      listings: rows.map((s) => ({
        submissionId: Number(s.id),
        title: s.title,
        status: s.status,
        contactEmail: s.contact_email,
        jobId: s.job_id == null ? null : Number(s.job_id),
      })),
      history: history.map((h) => ({
        at: iso(h.at),
        actor: h.actor,
        action: h.action,
        subject: h.subject,
        detail: h.detail,
      })),
    };
  }

  /** Move one listing to another organisation; the answer is the organisation it moved to. */
  async moveListing(submissionId: number, to: number, by: AuditActor, now: Date) {
    await this.db.transaction(async (trx) => {
      const submission = await this.c.submissions.load(trx, submissionId);
      if (!submission) throw new NotFound('Submission not found');
      const target = await this.found(trx, to);
      const from = submission.organization_id == null ? null : Number(submission.organization_id);
      if (from === Number(target.id)) return;
      await this.c.submissions.moveToOrganization(trx, { submissionId }, Number(target.id));
      const subject = `#${submissionId} ${submission.title}`;
      await this.repo.record(trx, {
        organizationId: Number(target.id),
        at: now,
        actor: by.actor,
        action: 'listing_moved_in',
        subject,
        detail: from == null ? null : `From organisation #${from}`,
      });
      if (from != null) {
        await this.repo.record(trx, {
          organizationId: from,
          at: now,
          actor: by.actor,
          action: 'listing_moved_out',
          subject,
          detail: `To ${target.name} (#${target.id})`,
        });
      }
    });
    return this.one(to);
  }

  /** Move an organisation's credits left to another; the answer is the organisation `from`. */
  async moveCredits(from: number, to: number, by: AuditActor, now: Date) {
    await this.db.transaction(async (trx) => {
      const source = await this.found(trx, from);
      const target = await this.found(trx, to);
      if (from === to) throw new Conflict(TEAM_MESSAGES.mergeIntoItself);
      const moved = await this.c.submissions.moveCredits(trx, from, to);
      if (moved < 1) throw new Conflict(TEAM_MESSAGES.noCreditsToMove);
      await this.repo.record(trx, {
        organizationId: from,
        at: now,
        actor: by.actor,
        action: 'credits_moved_out',
        subject: `${target.name} (#${to})`,
        detail: `${moved} listing credit(s)`,
      });
      await this.repo.record(trx, {
        organizationId: to,
        at: now,
        actor: by.actor,
        action: 'credits_moved_in',
        subject: `${source.name} (#${from})`,
        detail: `${moved} listing credit(s)`,
      });
    });
    return this.one(from);
  }

  /**
   * Merge the duplicate `from` into `into`: members (as members: `into` keeps its owner), listings,
   * credits and open invitations move; `from` stays, merged_into `into`. The answer is `into`.
   */
  async merge(from: number, into: number, by: AuditActor, now: Date) {
    if (from === into) throw new Conflict(TEAM_MESSAGES.mergeIntoItself);
    await this.db.transaction(async (trx) => {
      const source = await this.found(trx, from);
      const target = await this.found(trx, into);
      if (source.merged_into_id != null)
        throw new Conflict(TEAM_MESSAGES.mergedAlready(source.name));
      if (target.merged_into_id != null)
        throw new Conflict(TEAM_MESSAGES.mergedAlready(target.name));
      const members = (await this.repo.members(trx, from)).map((m) => m.email_key);
      await this.repo.moveMembers(trx, from, into);
      const listings = await this.c.submissions.moveToOrganization(
        trx,
        { organizationId: from },
        into,
      );
      const credits = await this.c.submissions.moveCredits(trx, from, into);
      await this.repo.moveInvites(trx, from, into);
      await this.repo.update(trx, from, { merged_into_id: into, domain_join: false });
      const detail = `${members.length} member(s) (${members.join(', ')}), ${listings} listing(s), ${credits} credit(s)`;
      await this.repo.record(trx, {
        organizationId: from,
        at: now,
        actor: by.actor,
        action: 'merged_into',
        subject: `${target.name} (#${into})`,
        detail,
      });
      await this.repo.record(trx, {
        organizationId: into,
        at: now,
        actor: by.actor,
        action: 'merged_in',
        subject: `${source.name} (#${from})`,
        detail,
      });
    });
    return this.one(into);
  }

  /** Merge duplicate companies; the organisations tied to `from` tie to `into` (history on each). */
  async mergeCompany(from: number, into: number, by: AuditActor, now: Date): Promise<string> {
    if (from === into) throw new Conflict(TEAM_MESSAGES.companyMergeIntoItself);
    const merged = await this.c.companies.merge(
      from,
      into,
      by,
      now,
      {
        notFound: TEAM_MESSAGES.companyNotFound,
        intoItself: TEAM_MESSAGES.companyMergeIntoItself,
      },
      async (trx, names) => {
        await this.repo.retieCompany(trx, from, into);
        for (const org of await this.repo.tiedTo(trx, into)) {
          await this.repo.record(trx, {
            organizationId: Number(org.id),
            at: now,
            actor: by.actor,
            action: 'merged_in',
            subject: `Company ${names.from} (#${from})`,
            detail: `Its jobs now name ${names.to} (#${into})`,
          });
        }
      },
    );
    return TEAM_MESSAGES.companyMerged(merged.from, merged.to, merged.jobs);
  }
}
