import fp from 'fastify-plugin';
import { AdminOrganizations } from './admin-organizations';
import { ORGANIZATION_INVITE_LINK } from './invite-tokens';
import { TeamService } from './team-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The owner's team page: members, invitations, the verified domain (team-service.ts). */
    team: TeamService;
    /** The admins' tools: organisations, moving listings and credits, merges (admin-organizations.ts). */
    adminOrganizations: AdminOrganizations;
  }
}

/** Teams (issue 47): what the owner manages in the employer area, and what the admins do. */
export default fp(
  async (app) => {
    app.secretLinks.register(ORGANIZATION_INVITE_LINK);
    app.decorate(
      'team',
      new TeamService({
        organizations: app.organizations,
        submissions: app.submissions,
        outbox: app.outbox,
        site: { publicUrl: app.config.publicUrl, boardName: app.config.site.boardName },
      }),
    );
    app.decorate(
      'adminOrganizations',
      new AdminOrganizations({
        organizations: app.organizations,
        submissions: app.submissions,
        companies: app.companyMerge,
        companyPages: app.jobs.companies,
      }),
    );
  },
  {
    name: 'organization-teams',
    dependencies: ['config', 'db', 'organizations', 'submissions', 'mail', 'jobs'],
  },
);
