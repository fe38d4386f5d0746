import { randomBytes } from 'node:crypto';
import {
  MAX_MEMBER_BOOKMARKS,
  MEMBER_MESSAGES,
  type Member,
  type MemberBookmarks,
  type MemberDataExport,
} from '@jobboard/contract/members';
import type { AlertsService } from '../alerts';
import type { ApplicationsUpkeep } from '../applications';
import { Conflict, NotFound, Unauthorized } from '../platform/domain-errors';
import type { Knex } from 'knex';
import type { PublicReads } from '../jobs';
import type { ReporterData } from '../reports';
import type { GhostTokenVerifier } from './ghost-token';
import type { MemberRow, MembersRepository } from './members-repository';

/** A member stays signed in this long on one browser (Ghost's own member sessions are longer). */
export const MEMBER_SESSION_DAYS = 30;
export const MEMBER_SESSION_MS = MEMBER_SESSION_DAYS * 24 * 3_600_000;

export interface SignedIn {
  /** The new session's token, for the member's cookie (only its hash is stored). */
  sessionToken: string;
  expiresAt: Date;
  member: Member;
  bookmarks: MemberBookmarks;
}

/**
 * Members signed in through Ghost (docs/architecture.md, Members): their sessions and their
 * bookmarks, which follow them to every device.
 */
export class MembersService {
  constructor(
    private readonly db: Knex,
    private readonly members: MembersRepository,
    private readonly jobs: Pick<PublicReads, 'visibleIds'>,
    /** null when GHOST_URL is not set (member sign-in is off). */
    private readonly ghostTokens: GhostTokenVerifier | null,
    /** The job alerts of a member's address: in their data export, and deleted with them. */
    private readonly alerts: Pick<AlertsService, 'recordsForEmail' | 'deleteForEmail'>,
    /** The applications sent from a member's address: likewise. */
    private readonly applications: Pick<ApplicationsUpkeep, 'recordsForEmail' | 'deleteForEmail'>,
    /** The reports of listings sent with it: in the export; deleting forgets the address on them. */
    private readonly reports: Pick<ReporterData, 'recordsForEmail' | 'forgetEmail'>,
  ) {}

  /**
   * Sign a member in from Ghost's identity token: check it, find or create the member by the e-mail
   * it names, open a session, and merge the bookmarks this browser kept before signing in into the
   * member's list. Ids of jobs the board no longer shows are not copied (they stay in the browser,
   * which shows them as removed), nor any beyond MAX_MEMBER_BOOKMARKS.
   */
  async signIn(token: string, localIds: readonly number[], now: Date): Promise<SignedIn> {
    if (!this.ghostTokens) throw new NotFound(MEMBER_MESSAGES.notConfigured);
    const {
      email,
      tokenHash,
      expiresAt: tokenExpiresAt,
    } = await this.ghostTokens.verify(token, now);
    const sessionToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + MEMBER_SESSION_MS);
    const local = [...new Set(localIds)];
    const visible = await this.jobs.visibleIds(local);
    const memberId = await this.db.transaction(async (trx) => {
      // A token signs in once: the same token again (a replay from a log or a history) is refused.
      if (!(await this.members.spendToken(tokenHash, tokenExpiresAt, trx))) {
        throw new Unauthorized(MEMBER_MESSAGES.tokenSpent);
      }
      const id = await this.members.upsertByEmail(email, now, trx);
      const rows = await this.members.bookmarks(id, trx);
      const saved = new Set(rows.map((b) => b.jobId));
      const room = Math.max(0, MAX_MEMBER_BOOKMARKS - saved.size);
      const added = local.filter((jobId) => visible.has(jobId) && !saved.has(jobId)).slice(0, room);
      // After the member's own, in this browser's order.
      const after = rows.reduce((latest, b) => Math.max(latest, b.createdAt + 1), 0);
      await this.members.addBookmarks(id, added, Math.max(now.getTime(), after), trx);
      await this.members.openSession(id, sessionToken, now, expiresAt, trx);
      return id;
    });
    return {
      sessionToken,
      expiresAt,
      member: { email, name: null },
      bookmarks: await this.listBookmarks(memberId),
    };
  }

  /** The member of a live session, if the token names one. */
  sessionMember(token: string, now: Date): Promise<MemberRow | undefined> {
    return this.members.sessionMember(token, now);
  }

  endSession(token: string): Promise<void> {
    return this.members.endSession(token);
  }

  /** A member's bookmarks, oldest first, and which of them the board no longer shows. */
  async listBookmarks(memberId: number): Promise<MemberBookmarks> {
    const ids = (await this.members.bookmarks(memberId)).map((b) => b.jobId);
    const visible = await this.jobs.visibleIds(ids);
    return {
      ids: ids.map(String),
      removedIds: ids.filter((id) => !visible.has(id)).map(String),
    };
  }

  /** Bookmark a job the board shows; saving one saved already changes nothing. */
  async addBookmark(memberId: number, jobId: number, now: Date): Promise<void> {
    const visible = await this.jobs.visibleIds([jobId]);
    if (!visible.has(jobId)) throw new NotFound('Job not found');
    await this.db.transaction(async (trx) => {
      const saved = await this.members.bookmarks(memberId, trx);
      if (saved.some((b) => b.jobId === jobId)) return;
      if (saved.length >= MAX_MEMBER_BOOKMARKS)
        throw new Conflict(MEMBER_MESSAGES.tooManyBookmarks);
      await this.members.addBookmarks(memberId, [jobId], now.getTime(), trx);
    });
  }

  removeBookmark(memberId: number, jobId: number): Promise<void> {
    return this.members.removeBookmark(memberId, jobId);
  }

  /** Sweep ended sessions and expired sign-in tokens (both are refused on sight anyway). */
  async purge(now: Date): Promise<void> {
    await Promise.all([this.members.purgeExpiredSessions(now), this.members.purgeSpentTokens(now)]);
  }

  /**
   * 'Download my data': the member's record, bookmarks (oldest first, with when each was saved),
   * the job alerts of their address in any state, the applications sent from it and the reports
   * of listings that keep it; nobody else's.
   */
  async exportData(member: MemberRow, now: Date): Promise<MemberDataExport> {
    const record = await this.members.record(member.id);
    if (!record) throw new Unauthorized(MEMBER_MESSAGES.sessionEnded);
    const iso = (at: number) => new Date(at).toISOString();
    return {
      exportedAt: now.toISOString(),
      member: {
        email: record.email,
        name: record.name,
        createdAt: iso(record.createdAt),
        lastSeenAt: iso(record.lastSeenAt),
      },
      bookmarks: (await this.members.bookmarks(member.id)).map((b) => ({
        jobId: String(b.jobId),
        savedAt: iso(b.createdAt),
      })),
      alerts: await this.alerts.recordsForEmail(record.email),
      applications: await this.applications.recordsForEmail(record.email),
      reports: await this.reports.recordsForEmail(record.email, now),
    };
  }

  /**
   * 'Delete my data': the applications sent from the member's address, its address and notes on
   * their reports of listings (the reports stay) and its job alerts, then the member with their bookmarks and every session (on every device). A later sign-in starts a
   * new, empty member.
   */
  async deleteData(member: MemberRow): Promise<void> {
    await this.applications.deleteForEmail(member.email);
    await this.reports.forgetEmail(member.email);
    await this.alerts.deleteForEmail(member.email);
    await this.db.transaction((trx) => this.members.deleteMember(member.id, trx));
  }
}
