import fp from 'fastify-plugin';
import { ApiKeysRepository } from './api-keys-repository';
import { ApiKeysService } from './api-keys-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** API keys: the admins' list, an integrator's call (api-keys-service.ts). */
    apiKeys: ApiKeysService;
  }
}

/** The API keys domain (issue 46): the admins' keys and the integrators' calls made with them. */
export default fp(
  async (app) => {
    app.decorate('apiKeys', new ApiKeysService(app.db, new ApiKeysRepository()));
  },
  { name: 'api-keys', dependencies: ['db'] },
);
