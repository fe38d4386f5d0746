import fp from 'fastify-plugin';
import { runPeriodically } from '../platform/periodic-runner';
import { GhostTokenVerifier, MEMBER_SIGN_IN_TOKEN } from './ghost-token';
import { MembersRepository } from './members-repository';
import { MembersService } from './members-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Members, their sessions and bookmarks (members-service.ts). */
    members: MembersService;
  }
}

const PURGE_EVERY_MS = 60 * 60_000;

/**
 * The members domain: sign-in through Ghost (GhostTokenVerifier, when GHOST_URL is set), the
 * members' sessions and bookmarks.
 */
export default fp(
  async (app) => {
    app.secretLinks.register(MEMBER_SIGN_IN_TOKEN);
    const ghost = app.config.ghost;
    const members = new MembersService(
      app.db,
      new MembersRepository(app.db),
      app.publicReads,
      ghost ? new GhostTokenVerifier(ghost.url, ghost.timeoutSeconds * 1000) : null,
      app.alerts,
      app.applicationUpkeep,
      app.reporterData,
    );
    app.decorate('members', members);

    // Ended sessions and expired sign-in tokens are refused on sight; their rows are swept now and then.
    runPeriodically(app, {
      name: 'member session purge',
      everyMs: PURGE_EVERY_MS,
      run: () => members.purge(app.now()),
      failureLevel: 'warn',
    });
  },
  {
    name: 'members',
    dependencies: ['config', 'db', 'schema', 'jobs', 'alerts', 'application-upkeep', 'reports'],
  },
);
