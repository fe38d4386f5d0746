/** The admins (platform/config.ts): their sessions' length, the first admin and two-factor sign-in. */
import {
  parseAdmin2fa,
  parseAdminPassword,
  parsePositive,
  parseUsername,
  type Admin2fa,
} from '../config-values';
import type { Read } from './env';

/** The admins' settings (Config's fields of the same names). */
export function readAdmins(read: Read, problems: string[]) {
  const session = {
    idleMinutes: read('SESSION_IDLE_MINUTES', parsePositive, 30),
    maxHours: read('SESSION_MAX_HOURS', parsePositive, 12),
  };
  const adminUsername = read('ADMIN_USERNAME', parseUsername, '');
  const adminPassword = read('ADMIN_PASSWORD', parseAdminPassword, '');
  if (
    Boolean(adminUsername) !== Boolean(adminPassword) &&
    !problems.some((p) => p.startsWith('ADMIN_'))
  ) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD must be set together (or neither)');
  }
  const firstAdmin =
    adminUsername && adminPassword ? { username: adminUsername, password: adminPassword } : null;
  const admin2fa = read('ADMIN_2FA', parseAdmin2fa, 'optional' as Admin2fa);
  return { session, firstAdmin, admin2fa };
}
