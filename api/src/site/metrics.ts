import { Counter, Gauge, type Registry } from 'prom-client';
import type { ServerRenderStats } from './server-render';

/**
 * The server renderer's metrics (docs/operations.md#metrics), on the app's registry: its counts
 * are per version since it was (last) promoted in this process.
 */
export function serverRenderMetrics(registry: Registry, stats: () => ServerRenderStats): void {
  new Counter({
    name: 'jobboard_server_renders_total',
    help: 'First views drawn on the server (or left to the browser) without failing, by app version.',
    labelNames: ['app', 'version'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const entry of stats().versions) {
        this.inc({ app: entry.app, version: entry.version }, entry.renders);
      }
    },
  });
  new Counter({
    name: 'jobboard_server_render_failures_total',
    help: 'Server renders that failed, by app version and kind (throws, timeouts, memory).',
    labelNames: ['app', 'version', 'kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const entry of stats().versions) {
        for (const kind of ['throws', 'timeouts', 'memory'] as const) {
          this.inc({ app: entry.app, version: entry.version, kind }, entry[kind]);
        }
      }
    },
  });
  new Gauge({
    name: 'jobboard_server_render_skipped_versions',
    help: 'App versions no longer drawn on the server after failing too often in a row.',
    registers: [registry],
    collect() {
      this.set(stats().versions.filter((entry) => !entry.serverRendered).length);
    },
  });
  new Gauge({
    name: 'jobboard_server_render_queued',
    help: 'Pages waiting for a render worker.',
    registers: [registry],
    collect() {
      this.set(stats().pool?.queued ?? 0);
    },
  });
}
