import type { Knex } from 'knex';
import { endOtherSessionsOf, endSessionsOf } from './session-store';
import { hashPassword } from './passwords';
import { isClearTotpSecret, UnreadableTotpSecret, type TotpSecretCipher } from './totp-encryption';

export interface AdminRow {
  id: number;
  username: string;
  password_hash: string;
  /**
   * The enrolled one-time code secret (two-factor.ts), encrypted (totp-encryption.ts); null when
   * the admin has no 2FA.
   */
  totp_secret: string | null;
  /**
   * One more at each change of the admin's password or two-factor sign-in: a sign-in waiting for
   * its code is refused when it moved since the password step.
   */
  credentials_version: number;
}

/** An admin's two-factor state, as the sign-in and the enrolment routes need it. */
export interface TwoFactorState {
  /** The enrolled secret (never answered to anyone), or null. */
  secret: string | null;
  /** The secret shown at enrolment, until a code from it confirms it. */
  pendingSecret: string | null;
  recoveryCodesLeft: number;
  /** AdminRow.credentials_version. */
  credentialsVersion: number;
}

/** One more credentials version (AdminRow.credentials_version), in the update that changes them. */
const NEXT_CREDENTIALS_VERSION = 'credentials_version + 1';

/**
 * The key an admin's username is known by, trimmed and in lower case: the sign-in, the throttle
 * and the command line (`jobboard admin ...`) all go through it.
 */
export const normaliseUsername = (username: string) => username.trim().toLowerCase();

/** The columns that hold a two-factor secret, each encrypted for its admin. */
const TOTP_COLUMNS = ['totp_secret', 'totp_pending_secret'] as const;

/** A stored two-factor secret the configured keys cannot open (AdminsRepository.resealTotpSecrets). */
export interface UnreadableSecret {
  username: string;
  column: (typeof TOTP_COLUMNS)[number];
  /** The key it names, when it names one. */
  keyId: string | null;
  reason: string;
}

/**
 * The `admins` table: the only code that reads or writes it (their sessions are the session
 * store's: session-store.ts). Built on a Knex of its own so the CLI can use it without the app.
 * The two-factor secrets are encrypted here, on their way in and out (`totp`): nothing else sees
 * them stored.
 */
export class AdminsRepository {
  constructor(
    private readonly db: Knex,
    private readonly totp: TotpSecretCipher,
  ) {}

  async find(username: string): Promise<AdminRow | undefined> {
    return this.db<AdminRow>('admins')
      .where({ username: normaliseUsername(username) })
      .first();
  }

  async count(): Promise<number> {
    const [row] = await this.db('admins').count({ n: '*' });
    return Number(row?.n ?? 0);
  }

  /**
   * Create the admin, or set a new password when the username exists. A new password ends every
   * session of that admin (signed in anywhere, with the old password or not) in the same
   * transaction, sign-ins from before it stop counting (`password_changed_at`), and one waiting
   * for its code is refused (`credentials_version`).
   */
  async save(username: string, password: string, now: Date): Promise<'created' | 'updated'> {
    const name = normaliseUsername(username);
    const passwordHash = await hashPassword(password);
    const changed = { password_hash: passwordHash, password_changed_at: now.getTime() };
    return this.db.transaction(async (trx) => {
      const existing = await trx<AdminRow>('admins').where({ username: name }).first('id');
      if (existing) {
        await trx('admins')
          .where({ id: existing.id })
          .update({
            ...changed,
            updated_at: now.getTime(),
            credentials_version: trx.raw(NEXT_CREDENTIALS_VERSION),
          });
        await endSessionsOf(trx, existing.id, now.getTime());
        return 'updated';
      }
      await trx('admins').insert({
        username: name,
        ...changed,
        created_at: now.getTime(),
        updated_at: now.getTime(),
      });
      return 'created';
    });
  }

  /**
   * The admin a session names, if it still exists, when its password last changed, and whether it
   * has two-factor sign-in.
   */
  async forSession(
    id: number,
  ): Promise<{ id: number; password_changed_at: number | null; twoFactor: boolean } | undefined> {
    const row = await this.db('admins')
      .where({ id })
      .first('id', 'password_changed_at', 'totp_secret');
    return row
      ? {
          id: Number(row.id),
          password_changed_at:
            row.password_changed_at == null ? null : Number(row.password_changed_at),
          twoFactor: row.totp_secret != null,
        }
      : undefined;
  }

  async twoFactorOf(id: number): Promise<TwoFactorState> {
    const row = await this.db('admins')
      .where({ id })
      .first('totp_secret', 'totp_pending_secret', 'credentials_version');
    const [left] = await this.db('admin_recovery_codes')
      .where({ admin_id: id })
      .whereNull('used_at')
      .count({ n: '*' });
    const open = (stored: string | null | undefined) =>
      stored == null ? null : this.totp.open(stored, id);
    return {
      secret: open(row?.totp_secret),
      pendingSecret: open(row?.totp_pending_secret),
      recoveryCodesLeft: Number(left?.n ?? 0),
      credentialsVersion: Number(row?.credentials_version ?? 0),
    };
  }

  /** Keep the secret being shown for enrolment (an admin already enrolled keeps theirs: false). */
  async startEnrolment(id: number, secret: string): Promise<boolean> {
    const changed = await this.db('admins')
      .where({ id })
      .whereNull('totp_secret')
      .update({ totp_pending_secret: this.totp.seal(secret, id) });
    return changed === 1;
  }

  /**
   * The pending secret becomes the admin's, the code that confirmed it (time step `step`) counts
   * as used, and `codeHashes` become the admin's recovery codes. False when there was nothing
   * pending (enrolled meanwhile from another tab).
   */
  async enableTwoFactor(
    id: number,
    pendingSecret: string,
    step: number,
    codeHashes: string[],
    now: Date,
    /** The session turning it on: every other session of the admin ends. */
    sessionId: string,
  ): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      const row = await trx('admins').where({ id }).first('totp_pending_secret');
      const stored: string | null = row?.totp_pending_secret ?? null;
      if (stored === null || this.totp.open(stored, id) !== pendingSecret) return false;
      const changed = await trx('admins')
        .where({ id, totp_pending_secret: stored })
        .whereNull('totp_secret')
        .update({
          totp_secret: this.totp.seal(pendingSecret, id),
          totp_pending_secret: null,
          totp_enabled_at: now.getTime(),
          totp_last_step: step,
          credentials_version: trx.raw(NEXT_CREDENTIALS_VERSION),
        });
      if (changed !== 1) return false;
      await replaceCodes(trx, id, codeHashes, now);
      await endOtherSessionsOf(trx, id, sessionId, now.getTime());
      return true;
    });
  }

  /**
   * Mark time step `step` used, if no code of it or of a later step was accepted yet: true when
   * this call took it (two requests with one code: one of them gets true).
   */
  async useTotpStep(id: number, step: number): Promise<boolean> {
    const changed = await this.db('admins')
      .where({ id })
      .whereNotNull('totp_secret')
      .andWhere((q) => q.whereNull('totp_last_step').orWhere('totp_last_step', '<', step))
      .update({ totp_last_step: step });
    return changed === 1;
  }

  /** Spend one recovery code: true when it was the admin's and unused. */
  async useRecoveryCode(id: number, codeHash: string, now: Date): Promise<boolean> {
    const changed = await this.db('admin_recovery_codes')
      .where({ admin_id: id, code_hash: codeHash })
      .whereNull('used_at')
      .update({ used_at: now.getTime() });
    return changed === 1;
  }

  /** New recovery codes; the old ones, used or not, stop working. */
  async replaceRecoveryCodes(id: number, codeHashes: string[], now: Date): Promise<void> {
    await this.db.transaction((trx) => replaceCodes(trx, id, codeHashes, now));
  }

  /**
   * The admin signs in with a password alone again: secret, pending secret and recovery codes go
   * (turned off by the admin, or reset by an operator: `jobboard admin reset-2fa`).
   */
  async disableTwoFactor(id: number): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('admins')
        .where({ id })
        .update({
          totp_secret: null,
          totp_pending_secret: null,
          totp_enabled_at: null,
          totp_last_step: null,
          credentials_version: trx.raw(NEXT_CREDENTIALS_VERSION),
        });
      await trx('admin_recovery_codes').where({ admin_id: id }).delete();
    });
  }

  /**
   * An operator turns the admin's two-factor sign-in off (`jobboard admin reset-2fa`), and every
   * session of theirs ends. False when the username names no admin.
   */
  async resetTwoFactor(username: string, now: Date): Promise<boolean> {
    const admin = await this.find(username);
    if (!admin) return false;
    await this.disableTwoFactor(admin.id);
    await endSessionsOf(this.db, admin.id, now.getTime());
    return true;
  }

  /**
   * Encrypt again, with the current key, every stored two-factor secret that needs it: those kept
   * in clear before encryption (`clear`: the server's start), or also those of an older key
   * (`all`: `jobboard admin reencrypt-2fa`, after a rotation). Each row is changed only if it still
   * holds what was read (a process that changed it meanwhile wins). Every value is opened: those
   * no configured key opens are left as they are, and listed.
   */
  async resealTotpSecrets(
    which: 'clear' | 'all',
  ): Promise<{ resealed: number; unreadable: UnreadableSecret[] }> {
    const rows: Array<{ id: number; username: string } & Record<string, string | null>> =
      await this.db('admins')
        .whereNotNull('totp_secret')
        .orWhereNotNull('totp_pending_secret')
        .select('id', 'username', ...TOTP_COLUMNS);
    const unreadable: UnreadableSecret[] = [];
    let resealed = 0;
    for (const row of rows) {
      const id = Number(row.id);
      for (const column of TOTP_COLUMNS) {
        const stored = row[column];
        if (stored == null) continue;
        let secret: string;
        try {
          secret = this.totp.open(stored, id);
        } catch (error) {
          if (!(error instanceof UnreadableTotpSecret)) throw error;
          unreadable.push({
            username: row.username,
            column,
            keyId: error.keyId,
            reason: error.message,
          });
          continue;
        }
        if (this.totp.isCurrent(stored)) continue;
        if (which === 'clear' && !isClearTotpSecret(stored)) continue;
        resealed += await this.db('admins')
          .where({ id, [column]: stored })
          .update({ [column]: this.totp.seal(secret, id) });
      }
    }
    return { resealed, unreadable };
  }

  async recordLogin(id: number, now: Date): Promise<void> {
    await this.db('admins').where({ id }).update({ last_login_at: now.getTime() });
  }
}

async function replaceCodes(
  trx: Knex.Transaction,
  adminId: number,
  codeHashes: string[],
  now: Date,
): Promise<void> {
  await trx('admin_recovery_codes').where({ admin_id: adminId }).delete();
  await trx('admin_recovery_codes').insert(
    codeHashes.map((code_hash) => ({ admin_id: adminId, code_hash, created_at: now.getTime() })),
  );
}
