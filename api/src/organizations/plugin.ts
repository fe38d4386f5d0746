import fp from 'fastify-plugin';
import { OrganizationsRepository } from './organizations-repository';
import { OrganizationsService } from './organizations-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whose a listing is: an address's organisation (organizations-service.ts). */
    organizations: OrganizationsService;
  }
}

/**
 * The organisations (issue 47): which organisation each address is in. The submissions and the
 * employer area ask it; the team pages and the admins' tools are the plugin of teams/.
 */
export default fp(
  async (app) => {
    app.decorate('organizations', new OrganizationsService(app.db, new OrganizationsRepository()));
  },
  { name: 'organizations', dependencies: ['config', 'db'] },
);
