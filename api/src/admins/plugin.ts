import fp from 'fastify-plugin';
import { runPeriodically } from '../platform/periodic-runner';
import { AdminsRepository } from './admins-repository';
import { CodeGuessLimit, LoginThrottle } from './login-throttle';
import { KnexSessionStore } from './session-store';
import { TotpSecretCipher } from './totp-encryption';

declare module 'fastify' {
  interface FastifyInstance {
    admins: AdminsRepository;
    /** The sign-in throttle per (username, client), in the database: every process shares it. */
    loginThrottle: LoginThrottle;
    /** Wrong one-time codes per admin account, whatever the address (same table). */
    codeGuessLimit: CodeGuessLimit;
  }
}

/** How often the sessions past their expiry and the idle throttle rows are deleted. */
const PURGE_EVERY_MS = 15 * 60_000;

/**
 * The admins domain: their accounts (sign-in and its session: admin-area.ts, platform/plugins/session.ts)
 * and the store of every session, the admins' and the employers' (`sessions`, session-store.ts),
 * which it registers as `app.sessionStore` and purges.
 */
export default fp(
  async (app) => {
    app.decorate(
      'admins',
      new AdminsRepository(app.db, new TotpSecretCipher(app.config.totpEncryption)),
    );
    const throttle = new LoginThrottle(app.db);
    app.decorate('loginThrottle', throttle);
    app.decorate('codeGuessLimit', new CodeGuessLimit(app.db));
    // Pairs (and accounts' codes) left alone for a day start from zero anyway: their rows go.
    runPeriodically(app, {
      name: 'login throttle purge',
      everyMs: PURGE_EVERY_MS,
      run: () => throttle.purge(app.now().getTime()),
      failureLevel: 'warn',
    });

    const { idleMinutes, maxHours } = app.config.session;
    const sessions = new KnexSessionStore(app.db, idleMinutes * 60_000, maxHours * 3_600_000, () =>
      app.now().getTime(),
    );
    app.decorate('sessionStore', sessions);
    runPeriodically(app, {
      name: 'session purge',
      everyMs: PURGE_EVERY_MS,
      run: () => sessions.purgeExpired(),
      failureLevel: 'warn',
    });
  },
  // The mail: an account whose codes are being guessed is reported to the admin address.
  { name: 'admins', dependencies: ['config', 'db', 'schema', 'mail'] },
);
