import { APP_NAMES } from '@jobboard/contract/site';
import fp from 'fastify-plugin';
import { ClientErrors } from './client-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The browsers' reports about the remotes: logged and counted (client-errors.ts). */
    clientErrors: ClientErrors;
  }
}

/**
 * Client errors: what the shell reports about loading the remotes (POST /api/client-errors), and
 * the admins' list of them (GET /api/admin/client-errors).
 */
export default fp(
  async (app) => {
    app.decorate('clientErrors', new ClientErrors(APP_NAMES, () => app.now()));
  },
  { name: 'client-errors', dependencies: ['config'] },
);
