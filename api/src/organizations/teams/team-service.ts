import { DAY_MS, emailKey } from '@jobboard/contract/common';
import {
  EMPLOYER_TOKEN_PATTERN,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  type EmployerTeam,
  type TeamDomain,
} from '@jobboard/contract/employer';
import type { Knex } from 'knex';
import { Conflict, Gone, Invalid, NotFound } from '../../platform/domain-errors';
import { teamInviteEmail, type Outbox } from '../../mail';
import { mailDomainOf, type SubmissionsService } from '../../submissions';
import type { OrganizationsService, Membership } from '../organizations-service';
import { hashInviteToken as hashToken, inviteUrl, newInviteToken } from './invite-tokens';

export interface TeamCollaborators {
  organizations: OrganizationsService;
  submissions: Pick<SubmissionsService, 'ofOrganization' | 'moveCredits'>;
  outbox: Pick<Outbox, 'enqueue'>;
  site: { publicUrl: string; boardName: string };
}

const iso = (at: number | string) => new Date(Number(at)).toISOString();

/**
 * The team of an organisation (issue 47), as its owner manages it from the employer area: see the
 * members, invite by an e-mailed one-press link, remove a member (their access ends with their
 * next request), hand the ownership on, leave; verify the organisation's domain and let anyone who
 * signs in with an address at it join.
 *
 * The verified domain is that of the owner's own address, which its sign-in link proved theirs
 * (the part after '@', exactly), and never a free or disposable e-mail service's
 * (free-email-domains, disposable-email-domains-js, as the fraud hints judge them).
 */
export class TeamService {
  constructor(private readonly c: TeamCollaborators) {}

  private get db(): Knex {
    return this.c.organizations.db;
  }

  private get repo() {
    return this.c.organizations.repository;
  }

  /** The signed-in address's membership, or NotFound (its session answers 403 before this). */
  private async membership(email: string): Promise<Membership> {
    const membership = await this.c.organizations.of(email);
    if (!membership) throw new NotFound(TEAM_MESSAGES.noOrganization);
    return membership;
  }

  private async owner(email: string): Promise<Membership> {
    const membership = await this.membership(email);
    if (membership.role !== 'owner') throw new Conflict(TEAM_MESSAGES.ownerOnly);
    return membership;
  }

  /** The team page: the organisation, its members, the owner's open invitations. */
  async view(email: string, now: Date, message?: string): Promise<EmployerTeam> {
    const key = emailKey(email);
    const membership = await this.membership(key);
    const org = (await this.repo.find(this.db, membership.organizationId))!;
    const members = await this.repo.members(this.db, org.id);
    const invites =
      membership.role === 'owner'
        ? await this.repo.openInvites(this.db, org.id, now.getTime())
        : [];
    return {
      organization: {
        id: Number(org.id),
        name: org.name,
        verifiedDomain: org.verified_domain,
        domainJoin: Boolean(org.domain_join),
      },
      role: membership.role,
      members: members.map((m) => ({
        email: m.email_key,
        role: m.role,
        joinedAt: iso(m.joined_at),
        you: m.email_key === key,
      })),
      invites: invites.map((i) => ({
        email: i.email_key,
        invitedBy: i.invited_by,
        expiresAt: iso(i.expires_at),
      })),
      verifiableDomain: verifiableDomain(key),
      ...(message ? { message } : {}),
    };
  }

  /** The owner invites an address: a one-press link e-mailed to it, only its hash kept. */
  async invite(email: string, address: string, now: Date): Promise<string> {
    const owner = await this.owner(email);
    const key = emailKey(address);
    const current = await this.c.organizations.of(key);
    if (current?.organizationId === owner.organizationId) {
      throw new Conflict(TEAM_MESSAGES.alreadyMember(key));
    }
    const token = newInviteToken();
    await this.db.transaction(async (trx) => {
      await this.repo.deleteExpiredInvitesBefore(trx, now.getTime() - DAY_MS);
      await this.repo.insertInvite(trx, {
        organization_id: owner.organizationId,
        token_hash: hashToken(token),
        email_key: key,
        invited_by: emailKey(email),
        created_at: now.getTime(),
        expires_at: now.getTime() + TEAM_LIMITS.inviteDays * DAY_MS,
      });
      await this.repo.record(trx, {
        organizationId: owner.organizationId,
        at: now,
        actor: emailKey(email),
        action: 'invited',
        subject: key,
      });
      await this.c.outbox.enqueue(
        trx,
        teamInviteEmail({
          to: address.trim(),
          invitedBy: emailKey(email),
          organization: owner.name,
          // The same one-press page as a sign-in link's (employers/employer-tokens.ts).
          signInUrl: inviteUrl(this.c.site.publicUrl, token),
          boardName: this.c.site.boardName,
          days: TEAM_LIMITS.inviteDays,
        }),
        now,
      );
    });
    return TEAM_MESSAGES.invited(address.trim());
  }

  /**
   * The sign-in page's POST of an invitation's token: taken once, the address joins (moving from
   * an organisation of one with no listings), and is signed in. Undefined when the token names no
   * invitation (the caller then says the link does not work); Gone when used or expired; Conflict
   * when the address is in another organisation it cannot simply leave (the invitation stays
   * usable once that is solved).
   */
  async acceptInvite(token: string, now: Date): Promise<string | undefined> {
    if (!EMPLOYER_TOKEN_PATTERN.test(token)) return undefined;
    const hash = hashToken(token);
    return this.db.transaction(async (trx) => {
      const invite = await this.repo.consumeInvite(trx, hash, now.getTime());
      if (!invite) {
        const found = await this.repo.findInvite(trx, hash);
        if (!found) return undefined;
        throw new Gone(
          found.used_at != null ? TEAM_MESSAGES.inviteUsed : TEAM_MESSAGES.inviteExpired,
        );
      }
      const organizationId = Number(invite.organization_id);
      const target = await this.repo.find(trx, organizationId);
      // An organisation merged since the invitation: its members are in the one it merged into.
      const into = target?.merged_into_id != null ? Number(target.merged_into_id) : organizationId;
      await this.join(trx, invite.email_key, into, 'joined', invite.invited_by, now);
      return invite.email_key;
    });
  }

  /**
   * Whether an address in no organisation would join one by signing in (its domain verified and
   * joining on): then it may ask for a sign-in link like a member.
   */
  async joinableByDomain(email: string): Promise<boolean> {
    return (await this.domainOrganization(email)) !== undefined;
  }

  private async domainOrganization(email: string) {
    const host = hostOf(emailKey(email));
    return host ? this.repo.joinableByDomain(this.db, host) : undefined;
  }

  /** On signing in: an address in no organisation at a joinable domain joins it as a member. */
  async joinByDomainOnSignIn(email: string, now: Date): Promise<void> {
    const key = emailKey(email);
    if (await this.c.organizations.of(key)) return;
    const org = await this.domainOrganization(key);
    if (!org) return;
    await this.db.transaction((trx) =>
      this.join(trx, key, Number(org.id), 'joined_by_domain', key, now),
    );
  }

  private async join(
    trx: Knex.Transaction,
    key: string,
    organizationId: number,
    action: 'joined' | 'joined_by_domain',
    actor: string,
    now: Date,
  ): Promise<void> {
    const current = await this.c.organizations.of(key, trx);
    if (current?.organizationId === organizationId) return;
    if (current) {
      const members = await this.repo.members(trx, current.organizationId);
      if (members.length > 1) {
        throw new Conflict(TEAM_MESSAGES.inAnotherOrganization(key, current.name));
      }
      const { total } = await this.c.submissions.ofOrganization(current.organizationId, 1, 1, trx);
      if (total > 0) throw new Conflict(TEAM_MESSAGES.hasOwnListings(key, current.name));
      // Alone and with no listings: the address moves, its old organisation keeps the record.
      // Nothing removed: a join of the same address at once moved it first, and said so there.
      const removed = await this.repo.removeMember(trx, current.organizationId, key);
      if (removed) {
        await this.repo.record(trx, {
          organizationId: current.organizationId,
          at: now,
          actor: key,
          action: 'left',
          subject: key,
          detail: `Joined organisation #${organizationId}`,
        });
      }
    }
    // Two joins of one address at once (its invitation and its sign-in by the domain, or two
    // links pressed together) both found it in no organisation. On PostgreSQL the second INSERT
    // waits for the first to commit and then adds nothing, rather than failing on the unique
    // address (a 500, issue 47); the second then answers as if it had come after the first.
    const added = await this.repo.addMemberIfNone(trx, {
      organizationId,
      key,
      role: 'member',
      at: now.getTime(),
    });
    if (!added) {
      const joined = await this.c.organizations.of(key, trx);
      if (joined?.organizationId === organizationId) return;
      throw new Conflict(TEAM_MESSAGES.inAnotherOrganization(key, joined?.name ?? ''));
    }
    await this.repo.record(trx, { organizationId, at: now, actor, action, subject: key });
  }

  /** The owner removes a member: gone from the members at once, so their next request ends. */
  async remove(email: string, address: string, now: Date): Promise<EmployerTeam> {
    const owner = await this.owner(email);
    const key = emailKey(address);
    if (key === emailKey(email)) throw new Conflict(TEAM_MESSAGES.cannotRemoveSelf);
    await this.db.transaction(async (trx) => {
      const removed = await this.repo.removeMember(trx, owner.organizationId, key);
      if (!removed) throw new NotFound(TEAM_MESSAGES.notAMember(key));
      await this.repo.record(trx, {
        organizationId: owner.organizationId,
        at: now,
        actor: emailKey(email),
        action: 'removed',
        subject: key,
      });
    });
    return this.view(email, now, TEAM_MESSAGES.removed(key));
  }

  /** The owner hands the ownership to another member and stays a member. */
  async makeOwner(email: string, address: string, now: Date): Promise<EmployerTeam> {
    const owner = await this.owner(email);
    const key = emailKey(address);
    const members = await this.repo.members(this.db, owner.organizationId);
    if (!members.some((m) => m.email_key === key)) {
      throw new NotFound(TEAM_MESSAGES.notAMember(key));
    }
    await this.db.transaction(async (trx) => {
      await this.repo.setRole(trx, owner.organizationId, key, 'owner');
      await this.repo.setRole(trx, owner.organizationId, emailKey(email), 'member');
      await this.repo.record(trx, {
        organizationId: owner.organizationId,
        at: now,
        actor: emailKey(email),
        action: 'owner_changed',
        subject: key,
      });
    });
    return this.view(email, now, TEAM_MESSAGES.ownerChanged(key));
  }

  /**
   * A member leaves. Never the owner: the organisation's listings and credits must stay someone's
   * (an owner alone moves by accepting another organisation's invitation, if it has no listings).
   */
  async leave(email: string, now: Date): Promise<string> {
    const key = emailKey(email);
    const membership = await this.membership(key);
    if (membership.role === 'owner') throw new Conflict(TEAM_MESSAGES.ownerCannotLeave);
    await this.db.transaction(async (trx) => {
      await this.repo.removeMember(trx, membership.organizationId, key);
      await this.repo.record(trx, {
        organizationId: membership.organizationId,
        at: now,
        actor: key,
        action: 'left',
        subject: key,
      });
    });
    return TEAM_MESSAGES.left(membership.name);
  }

  /** Verify (or forget) the owner's own domain and turn joining by it on or off. */
  async setDomain(email: string, change: TeamDomain, now: Date): Promise<EmployerTeam> {
    const owner = await this.owner(email);
    const key = emailKey(email);
    const org = (await this.repo.find(this.db, owner.organizationId))!;
    let domain = org.verified_domain;
    if (change.verify) {
      const found = mailDomainOf(key);
      const host = found?.host ?? '';
      if (!found || found.service !== 'own')
        throw new Invalid({ verify: TEAM_MESSAGES.domainFreeMail(host) });
      if (domain && domain !== host)
        throw new Invalid({ verify: TEAM_MESSAGES.domainNotYours(domain) });
      domain = host;
    } else {
      domain = null;
    }
    if (change.domainJoin && !domain) {
      throw new Invalid({ domainJoin: TEAM_MESSAGES.domainJoinNeedsDomain });
    }
    await this.db.transaction(async (trx) => {
      await this.repo.update(trx, org.id, {
        verified_domain: domain,
        domain_join: change.domainJoin,
      });
      const record = (
        action: 'domain_set' | 'domain_join_on' | 'domain_join_off',
        subject: string | null,
      ) => this.repo.record(trx, { organizationId: org.id, at: now, actor: key, action, subject });
      if (domain !== org.verified_domain) await record('domain_set', domain);
      if (change.domainJoin !== Boolean(org.domain_join)) {
        await record(change.domainJoin ? 'domain_join_on' : 'domain_join_off', domain);
      }
    });
    return this.view(email, now, TEAM_MESSAGES.domainSaved);
  }
}

/** What follows the '@' of an address key. */
const hostOf = (key: string): string | null => {
  const at = key.lastIndexOf('@');
  return at < 0 ? null : key.slice(at + 1).replace(/\.$/, '') || null;
};

/** The domain an owner at this address may verify: its own, unless a free-mail service's. */
function verifiableDomain(key: string): string | null {
  const found = mailDomainOf(key);
  return found && found.service === 'own' ? found.host : null;
}
