import fp from 'fastify-plugin';
import { AdminsRepository } from './admins-repository';

declare module 'fastify' {
  interface FastifyInstance {
    admins: AdminsRepository;
  }
}

/** The admins domain: their accounts (sign-in and its session: admin-area.ts, plugins/session.ts). */
export default fp(
  async (app) => {
    app.decorate('admins', new AdminsRepository(app.db));
  },
  { name: 'admins', dependencies: ['db'] },
);
