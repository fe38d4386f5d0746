import { APP_NAMES } from '@jobboard/contract/site';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
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
    const clientErrors = new ClientErrors(APP_NAMES, () => app.now());
    app.decorate('clientErrors', clientErrors);
    new Counter({
      name: 'jobboard_client_errors_total',
      help: "Browsers' reports about the remotes (POST /api/client-errors) since the process started.",
      labelNames: ['kind', 'app'] as const,
      registers: [app.metrics.registry],
      collect() {
        this.reset();
        for (const { kind, app, count } of clientErrors.counts()) this.inc({ kind, app }, count);
      },
    });
  },
  { name: 'client-errors', dependencies: ['config', 'ops'] },
);
