import fp from 'fastify-plugin';
import { GhostTokenVerifier } from '../members/ghost-token';
import { MembersRepository } from '../members/members-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Members, their sessions, bookmarks and spent sign-in tokens (members/members-repository.ts). */
    members: MembersRepository;
    /** Checks Ghost identity tokens; null when GHOST_URL is not set (no member sign-in). */
    ghostTokens: GhostTokenVerifier | null;
  }
}

const PURGE_EVERY_MS = 60 * 60_000;

export default fp(
  async (app) => {
    const members = new MembersRepository(app.db);
    app.decorate('members', members);
    const ghost = app.config.ghost;
    app.decorate(
      'ghostTokens',
      ghost ? new GhostTokenVerifier(ghost.url, ghost.timeoutSeconds * 1000) : null,
    );

    // Ended sessions and expired sign-in tokens are refused on sight; their rows are swept now and then.
    const purge = setInterval(() => {
      const now = app.now();
      Promise.all([members.purgeExpiredSessions(now), members.purgeSpentTokens(now)]).catch(
        (error: unknown) => app.log.warn({ err: error }, 'member session purge failed'),
      );
    }, PURGE_EVERY_MS);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'members', dependencies: ['config', 'db'] },
);
