import type { OrganizationAction, OrganizationRole } from '@jobboard/contract/employer';
import type { Knex } from 'knex';
import type { Db } from '../platform/db/knex';

export interface OrganizationRow {
  id: number;
  name: string;
  company_id: number | null;
  verified_domain: string | null;
  domain_join: boolean | number;
  created_at: number;
  merged_into_id: number | null;
}

export interface MemberRow {
  organization_id: number;
  email_key: string;
  role: OrganizationRole;
  joined_at: number;
}

export interface InviteRow {
  id: number;
  organization_id: number;
  token_hash: string;
  email_key: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface HistoryRow {
  id: number;
  organization_id: number;
  at: number;
  actor: string;
  action: OrganizationAction;
  subject: string | null;
  detail: string | null;
}

export interface HistoryEntry {
  organizationId: number;
  at: Date;
  actor: string;
  action: OrganizationAction;
  subject?: string | null;
  detail?: string | null;
}

const insertedId = (row: unknown): number =>
  Number(typeof row === 'object' && row !== null ? (row as { id: number }).id : row);

/**
 * The organisations' tables (organizations, organization_members, organization_invites,
 * organization_history): only queried here. Addresses are stored and matched by their key
 * (contract emailKey), as given by the callers.
 */
export class OrganizationsRepository {
  async find(db: Db, id: number): Promise<OrganizationRow | undefined> {
    return db<OrganizationRow>('organizations').where({ id }).first();
  }

  async insert(
    trx: Knex.Transaction,
    org: { name: string; companyId: number | null; at: number },
  ): Promise<number> {
    const [row] = await trx('organizations')
      .insert({
        name: org.name,
        company_id: org.companyId,
        domain_join: false,
        created_at: org.at,
      })
      .returning('id');
    return insertedId(row);
  }

  async update(
    db: Db,
    id: number,
    change: Partial<Pick<OrganizationRow, 'verified_domain' | 'domain_join' | 'merged_into_id'>>,
  ): Promise<void> {
    await db('organizations').where({ id }).update(change);
  }

  /** Organisations tied to company `from` now tie to `to` (a company merge). */
  /** Tie an organisation tied to no company yet; false when it was tied already (it keeps that). */
  async tieIfUntied(db: Db, organizationId: number, companyId: number): Promise<boolean> {
    const changed = await db('organizations')
      .where({ id: organizationId })
      .whereNull('company_id')
      .update({ company_id: companyId });
    return Number(changed) > 0;
  }

  async retieCompany(db: Db, from: number, to: number): Promise<void> {
    await db('organizations').where({ company_id: from }).update({ company_id: to });
  }

  async tiedTo(db: Db, companyId: number): Promise<OrganizationRow[]> {
    return db<OrganizationRow>('organizations').where({ company_id: companyId });
  }

  /** The organisation of an address and its role there, or undefined (no organisation). */
  async membershipOf(db: Db, key: string): Promise<(MemberRow & { name: string }) | undefined> {
    return db('organization_members as m')
      .join('organizations as o', 'o.id', 'm.organization_id')
      .where('m.email_key', key)
      .first('m.organization_id', 'm.email_key', 'm.role', 'm.joined_at', 'o.name');
  }

  async members(db: Db, organizationId: number): Promise<MemberRow[]> {
    return db<MemberRow>('organization_members')
      .where({ organization_id: organizationId })
      .orderBy('joined_at')
      .orderBy('id');
  }

  /**
   * Add the address unless it is in an organisation already: false when another transaction
   * added it first (on PostgreSQL the INSERT waits for that one to commit, then does nothing).
   */
  async addMemberIfNone(
    db: Db,
    member: { organizationId: number; key: string; role: OrganizationRole; at: number },
  ): Promise<boolean> {
    const rows = await db('organization_members')
      .insert({
        organization_id: member.organizationId,
        email_key: member.key,
        role: member.role,
        joined_at: member.at,
      })
      .onConflict('email_key')
      .ignore()
      .returning('id');
    return rows.length > 0;
  }

  async delete(db: Db, id: number): Promise<void> {
    await db('organizations').where({ id }).delete();
  }

  async removeMember(db: Db, organizationId: number, key: string): Promise<number> {
    return db('organization_members')
      .where({ organization_id: organizationId, email_key: key })
      .delete();
  }

  async setRole(db: Db, organizationId: number, key: string, role: OrganizationRole) {
    await db('organization_members')
      .where({ organization_id: organizationId, email_key: key })
      .update({ role });
  }

  /** Every member of `from` becomes a member of `to` (owners of `from` as members). */
  async moveMembers(db: Db, from: number, to: number): Promise<void> {
    await db('organization_members')
      .where({ organization_id: from })
      .update({ organization_id: to, role: 'member' });
  }

  async insertInvite(db: Db, invite: Omit<InviteRow, 'id' | 'used_at'>): Promise<void> {
    await db('organization_invites').insert(invite);
  }

  /** Take an invitation once (one UPDATE only an unused, unexpired one passes), or undefined. */
  async consumeInvite(db: Db, tokenHash: string, now: number): Promise<InviteRow | undefined> {
    const taken = await db('organization_invites')
      .where({ token_hash: tokenHash })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .update({ used_at: now });
    if (!taken) return undefined;
    return this.findInvite(db, tokenHash);
  }

  async findInvite(db: Db, tokenHash: string): Promise<InviteRow | undefined> {
    return db<InviteRow>('organization_invites').where({ token_hash: tokenHash }).first();
  }

  /** Give an invitation back (the join it was for was refused): it may be used again. */
  async releaseInvite(db: Db, tokenHash: string): Promise<void> {
    await db('organization_invites').where({ token_hash: tokenHash }).update({ used_at: null });
  }

  async openInvites(db: Db, organizationId: number, now: number): Promise<InviteRow[]> {
    return db<InviteRow>('organization_invites')
      .where({ organization_id: organizationId })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .orderBy('created_at');
  }

  async deleteExpiredInvitesBefore(db: Db, before: number): Promise<number> {
    return db('organization_invites').where('expires_at', '<', before).delete();
  }

  async moveInvites(db: Db, from: number, to: number): Promise<void> {
    await db('organization_invites')
      .where({ organization_id: from })
      .update({ organization_id: to });
  }

  async record(db: Db, entry: HistoryEntry): Promise<void> {
    await db('organization_history').insert({
      organization_id: entry.organizationId,
      at: entry.at.getTime(),
      actor: entry.actor,
      action: entry.action,
      subject: entry.subject ?? null,
      detail: entry.detail ?? null,
    });
  }

  async history(db: Db, organizationId: number): Promise<HistoryRow[]> {
    return db<HistoryRow>('organization_history')
      .where({ organization_id: organizationId })
      .orderBy('at')
      .orderBy('id');
  }

  /** The latest time an address was removed from, or left, an organisation; undefined if never. */
  async lastDeparture(db: Db, key: string): Promise<(HistoryRow & { name: string }) | undefined> {
    return db('organization_history as h')
      .join('organizations as o', 'o.id', 'h.organization_id')
      .where('h.subject', key)
      .whereIn('h.action', ['removed', 'left'])
      .orderBy('h.at', 'desc')
      .orderBy('h.id', 'desc')
      .first('h.*', 'o.name');
  }

  /** The organisation whose verified domain is this one and lets addresses at it join. */
  async joinableByDomain(db: Db, domain: string): Promise<OrganizationRow | undefined> {
    return db<OrganizationRow>('organizations')
      .where({ verified_domain: domain, domain_join: true })
      .whereNull('merged_into_id')
      .orderBy('id')
      .first();
  }

  /** One page of organisations (not merged away first), searched by name, member or domain. */
  async search(
    db: Db,
    q: string,
    page: number,
    pageSize: number,
  ): Promise<{ rows: (OrganizationRow & { members: number })[]; total: number }> {
    const scope = () => {
      const query = db('organizations as o');
      const text = q.trim().toLowerCase();
      if (text) {
        const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query.where((w) =>
          w
            .whereRaw(`lower(o.name) LIKE ? ESCAPE '\\'`, [pattern])
            .orWhereRaw(`lower(coalesce(o.verified_domain, '')) LIKE ? ESCAPE '\\'`, [pattern])
            .orWhereExists(
              db('organization_members as m')
                .whereRaw('m.organization_id = o.id')
                .andWhereRaw(`m.email_key LIKE ? ESCAPE '\\'`, [pattern]),
            ),
        );
      }
      return query;
    };
    const [count] = await scope().count({ n: '*' });
    const rows = await scope()
      .select(
        'o.*',
        db('organization_members as c')
          .whereRaw('c.organization_id = o.id')
          .count('*')
          .as('members'),
      )
      .orderByRaw('o.merged_into_id IS NOT NULL')
      .orderBy('o.name')
      .orderBy('o.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return {
      rows: rows.map((row: OrganizationRow & { members: number | string }) => ({
        ...row,
        members: Number(row.members),
      })),
      total: Number(count?.n ?? 0),
    };
  }
}
