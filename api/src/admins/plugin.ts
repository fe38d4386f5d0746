import fp from 'fastify-plugin';
import { AdminsRepository } from './admins-repository';
import { LoginThrottle } from './login-throttle';

declare module 'fastify' {
  interface FastifyInstance {
    admins: AdminsRepository;
    /** One throttle for every sign-in secret: passwords, one-time and recovery codes (throttle.ts). */
    loginThrottle: LoginThrottle;
  }
}

/** The admins domain: their accounts (sign-in and its session: admin-area.ts, plugins/session.ts). */
export default fp(
  async (app) => {
    app.decorate('admins', new AdminsRepository(app.db));
    app.decorate('loginThrottle', new LoginThrottle());
  },
  { name: 'admins', dependencies: ['db'] },
);
