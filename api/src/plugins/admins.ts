import fp from 'fastify-plugin';
import { AdminsRepository } from '../admins/admins-repository';

declare module 'fastify' {
  interface FastifyInstance {
    admins: AdminsRepository;
  }
}

/** The admins' accounts on `app` (their sessions: plugins/session.ts). */
export default fp(
  async (app) => {
    app.decorate('admins', new AdminsRepository(app.db));
  },
  { name: 'admins', dependencies: ['db'] },
);
