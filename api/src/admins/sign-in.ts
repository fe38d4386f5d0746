import type { FastifyInstance, FastifyRequest } from 'fastify';
import { looksLikeRecoveryCode, newRecoveryCodes, recoveryCodeHash, totpStep } from './two-factor';

/** The session becomes an admin's: every admin route is open to it (guards.ts decides each). */
export async function startAdminSession(
  app: FastifyInstance,
  request: FastifyRequest,
  admin: { id: number; username: string },
  now: number,
): Promise<void> {
  request.session.set('pendingAdmin', undefined);
  request.session.set('admin', {
    id: admin.id,
    username: admin.username,
    loginAt: now,
    lastSeenAt: now,
  });
  await app.admins.recordLogin(admin.id, app.now());
  request.log.info({ username: admin.username, ip: request.ip }, 'admin logged in');
}

/**
 * Whether `code` is a right one-time code of the admin's enrolled `secret`, never accepted before
 * (its time step is taken, so the same code, or an older one, fails from now on), or, where
 * `recovery` allows it, one of their unused recovery codes (spent now).
 */
export async function acceptCode(
  app: FastifyInstance,
  adminId: number,
  secret: string,
  code: string,
  { recovery }: { recovery: boolean },
): Promise<boolean> {
  if (recovery && looksLikeRecoveryCode(code)) {
    return app.admins.useRecoveryCode(adminId, recoveryCodeHash(code), app.now());
  }
  const step = totpStep(secret, code, app.now().getTime());
  return step !== null && (await app.admins.useTotpStep(adminId, step));
}

/** Ten new recovery codes: the admin sees the codes, the database keeps their hashes. */
export function freshRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = newRecoveryCodes();
  return { codes, hashes: codes.map(recoveryCodeHash) };
}
