import fp from 'fastify-plugin';
import { AdminsRepository } from './admins-repository';
import { LoginThrottle } from './login-throttle';
import { KnexSessionStore } from './session-store';

declare module 'fastify' {
  interface FastifyInstance {
    admins: AdminsRepository;
    /** The sign-in throttle per (username, client), in the database: every process shares it. */
    loginThrottle: LoginThrottle;
  }
}

/**
 * The admins domain: their accounts (sign-in and its session: admin-area.ts, plugins/session.ts)
 * and the store of every session, the admins' and the employers' (`sessions`, session-store.ts),
 * which it registers as `app.sessionStore` and purges.
 */
export default fp(
  async (app) => {
    app.decorate('admins', new AdminsRepository(app.db));
    const throttle = new LoginThrottle(app.db);
    app.decorate('loginThrottle', throttle);
    // Pairs left alone for a day start from zero anyway: their rows go.
    const purge = setInterval(() => {
      throttle
        .purge(app.now().getTime())
        .catch((error: unknown) => app.log.warn({ err: error }, 'login throttle purge failed'));
    }, 15 * 60_000);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));

    const { idleMinutes, maxHours } = app.config.session;
    const sessions = new KnexSessionStore(app.db, idleMinutes * 60_000, maxHours * 3_600_000, () =>
      app.now().getTime(),
    );
    app.decorate('sessionStore', sessions);
    const sessionPurge = setInterval(() => {
      app
        .schemaCurrent()
        .then((current) => (current ? sessions.purgeExpired() : undefined))
        .catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
    }, 15 * 60_000);
    sessionPurge.unref();
    app.addHook('onClose', async () => clearInterval(sessionPurge));
  },
  { name: 'admins', dependencies: ['config', 'db', 'schema'] },
);
