import fp from 'fastify-plugin';
import { AdminsRepository } from './admins-repository';
import { LoginThrottle } from './login-throttle';

declare module 'fastify' {
  interface FastifyInstance {
    admins: AdminsRepository;
    /** The sign-in throttle per (username, client), in the database: every process shares it. */
    loginThrottle: LoginThrottle;
  }
}

/** The admins domain: their accounts (sign-in and its session: admin-area.ts, plugins/session.ts). */
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
  },
  { name: 'admins', dependencies: ['db'] },
);
