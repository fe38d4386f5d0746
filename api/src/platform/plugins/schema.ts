import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BackgroundRuns } from '../background-runs';
import { migrationStatus } from '../db/migrate';
import { SITE_UPGRADING_MESSAGE, SITE_UPGRADING_RETRY_AFTER_SECONDS } from '../ops/schema-messages';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether the database has every migration of this build. While it does not (a fresh
     * database, or an upgrade whose `jobboard migrate` has not run yet) the background workers
     * skip their runs, and requests other than the probes get a 503 saying the site is being
     * upgraded, instead of 500s and 'no such table' in the log at every tick.
     */
    schemaCurrent(): Promise<boolean>;
    /**
     * Work to do once, as soon as the schema is this build's: at start when it is, else when
     * `schemaCurrent` first finds it so (a probe or a request after `jobboard migrate`). A start on
     * a current schema is ready only once the work is done.
     */
    whenSchemaCurrent(work: () => Promise<void>): void;
    /** Settles once no such work is in flight (tests; a closing app waits for it too). */
    schemaWorkIdle(): Promise<void>;
  }
}

/** Answered whatever the schema: the probes say themselves what is wrong (/readyz: 'schema behind'). */
const PROBES = /^\/(?:healthz|readyz|metrics)(?:[/?]|$)/;

/**
 * Once current, the schema stays so for the life of the process (a rollback keeps the newer
 * schema, docs/decisions/expand-contract-migrations.md), and the check costs nothing from then
 * on. While behind, each call asks the database again, so the site comes up as soon as the
 * migrations are applied, with no restart.
 */
export default fp(
  async (app) => {
    let current = false;
    const work: (() => Promise<void>)[] = [];
    const runs = new BackgroundRuns();
    const start = (job: () => Promise<void>) =>
      runs.track(
        job().catch((error: unknown) => app.log.error({ err: error }, 'start-up work failed')),
      );
    const schemaCurrent = async () => {
      if (!current && (await migrationStatus(app.db)).pending.length === 0) {
        current = true;
        work.forEach(start);
      }
      return current;
    };
    app.decorate('schemaCurrent', schemaCurrent);
    app.decorate('whenSchemaCurrent', (job: () => Promise<void>) => {
      work.push(job);
      if (current) start(job);
    });
    app.decorate('schemaWorkIdle', () => runs.idle());
    app.addHook('onReady', async () => {
      // A database that does not answer yet (a SQLite file not in place, PostgreSQL down) starts
      // nothing here: the work runs when a request or a probe first finds the schema current.
      const ready = await schemaCurrent().catch(() => false);
      if (ready) await runs.idle();
    });
    app.addHook('onClose', async () => runs.idle());

    // A callback hook, not an async one: once current it must cost a request nothing.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      if (current || PROBES.test(request.url)) return done();
      schemaCurrent().then(
        (ready) => {
          if (ready) return done();
          reply
            .code(503)
            .header('Retry-After', String(SITE_UPGRADING_RETRY_AFTER_SECONDS))
            .header('Cache-Control', 'no-store')
            .send({ message: SITE_UPGRADING_MESSAGE });
        },
        // The database does not answer: the route's own 503 says so.
        () => done(),
      );
    });
  },
  { name: 'schema', dependencies: ['db'] },
);
