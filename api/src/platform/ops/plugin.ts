import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMetrics, type Metrics } from './metrics';
import { scraperFor } from './cluster-metrics';
import { carriesMetricsToken } from './metrics-token';
import { NOT_SHED, QUIET } from './probes';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics & {
      /**
       * Where METRICS_PORT listens (its port when 0 was asked), once opened with the server's own
       * port; null when it is not set or the server does not listen.
       */
      address(): Promise<AddressInfo | null>;
    };
  }
}

/** Requests that match no route are one series, whatever their URL (no label per probe or typo). */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Operations: the metrics (metrics.ts), to which the slices add theirs as they register. Every
 * answer is timed by its route pattern; GET /metrics is served on the main port behind
 * METRICS_TOKEN (Bearer), on METRICS_PORT by a listener of its own (METRICS_HOST, 127.0.0.1 by
 * default), or both; with neither it is not served at all.
 */
export default fp(
  async (app) => {
    const metrics = createMetrics({
      pools: {
        main: app.db,
        ...(app.readDb === app.db ? {} : { read: app.readDb }),
        ...Object.fromEntries((app.readReplicas?.replicas ?? []).map((r) => [r.name, r.db])),
      },
      readReplicas: app.readReplicas,
      onReadFailed: (metric, error) =>
        app.log.warn({ err: error, metric }, 'metrics: a database read failed'),
    });

    // Under `serve --workers` a scrape answers for every worker (cluster-metrics.ts).
    const scrape = scraperFor(metrics.registry);

    // A callback hook: an async one costs every request a promise.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest({
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
      done();
    });
    // The cached reads answered before Fastify (platform/http/fast-reads.ts) are requests too.
    app.fastReads.onAnswer(({ route, status, seconds }) =>
      metrics.observeRequest({ method: 'POST', route, status, seconds }),
    );

    const { token, port, host } = app.config.metrics;
    if (token !== null) {
      app.get(
        '/metrics',
        // Scraped every few seconds, and still while the server sheds load (platform/plugins/under-pressure.ts).
        { ...QUIET, config: NOT_SHED },
        async (request, reply) => {
          if (!carriesMetricsToken(request.headers.authorization, token)) {
            return reply
              .status(401)
              .header('WWW-Authenticate', 'Bearer realm="metrics"')
              .header('Cache-Control', 'no-store')
              .send({ message: 'GET /metrics needs the METRICS_TOKEN as a Bearer token.' });
          }
          const text = await scrape();
          return reply
            .header('Content-Type', metrics.registry.contentType)
            .header('Cache-Control', 'no-store')
            .send(text);
        },
      );
    }

    let opening: Promise<Server | null> = Promise.resolve(null);
    if (port !== null) {
      // Opened with the main port, never by a command that only builds the app (alerts:send...).
      // Fastify does not wait for onListen hooks before `listen` resolves: `address()` does.
      app.addHook('onListen', async () => {
        opening = listenForMetrics(app, metrics, scrape, port, host).catch((error: unknown) => {
          app.log.error({ err: error }, `metrics: cannot listen on ${host}:${port}`);
          return null;
        });
        await opening;
      });
      app.addHook('onClose', async () => {
        const open = await opening;
        opening = Promise.resolve(null);
        if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
      });
    }
    app.decorate('metrics', {
      ...metrics,
      address: async () => ((await opening)?.address() as AddressInfo | undefined) ?? null,
    });
  },
  // Before the slices: each registers its own metrics on `app.metrics` (they depend on 'ops').
  { name: 'ops', dependencies: ['config', 'db'] },
);

/** A plain HTTP listener that answers GET /metrics and 404 to anything else. */
async function listenForMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  scrape: () => Promise<string>,
  port: number,
  host: string,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    scrape().then(
      (text) => {
        response.writeHead(200, {
          'Content-Type': metrics.registry.contentType,
          'Cache-Control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: the scrape failed');
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  app.log.info(`metrics on http://${address.address}:${address.port}/metrics`);
  return server;
}
