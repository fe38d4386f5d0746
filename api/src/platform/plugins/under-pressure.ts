import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Read by under-pressure for each request (its types do not declare it): a handler that
     * returns nothing lets the request through under pressure (platform/ops/probes.ts, NOT_SHED).
     */
    pressureHandler?: FastifyUnderPressureOptions['pressureHandler'];
  }
}

/**
 * Overload shedding (@fastify/under-pressure): once the event loop's delay (averaged over a second)
 * or the heap passes its limit from the configuration (PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
 * PRESSURE_MAX_HEAP_MB; 0 is off), new requests are answered 503 with Retry-After at once instead
 * of queueing behind the ones the server cannot finish in time. A route opts out with
 * `config: NOT_SHED` (platform/ops/probes.ts): /healthz, since a busy process is alive and must not be
 * restarted, and /metrics, which is how an operator sees the pressure.
 */
export default fp(
  async (app) => {
    const { maxEventLoopDelayMs, maxHeapMb, retryAfterSeconds } = app.config.pressure;
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxHeapUsedBytes: maxHeapMb * 1024 * 1024,
      retryAfter: retryAfterSeconds,
      message: PRESSURE_MESSAGE,
    });
  },
  { name: 'under-pressure', dependencies: ['config'] },
);

/** What a request turned away under pressure is told. */
export const PRESSURE_MESSAGE = 'The server is too busy right now. Please try again in a moment.';
