/**
 * How the process holds up and is watched (platform/config.ts): the request timeout, the size of
 * a sitemap file, the limits of server rendering, /metrics, overload shedding and the origins
 * whose pages may read the public reads (CORS).
 */
import { getHeapStatistics } from 'node:v8';
import { SITEMAP_MAX_URLS } from '@jobboard/contract/jobs';
import {
  parseEventLoopDelayLimit,
  parseHeapLimit,
  parseOrigins,
  parsePort,
  parseRenderHeap,
  parseRenderTimeout,
  parseSecret,
  parseSitemapUrls,
  parseTimeout,
} from '../config-values';
import type { Read } from './env';

/**
 * A first view drawn on the server takes a few milliseconds to a few tens (docs/operations.md has
 * the figures); past a second the page is better drawn in the browser than waited for.
 */
const DEFAULT_RENDER_TIMEOUT_MS = 1000;
/**
 * Each render worker's heap: one set of versions' entries take about 15 MB loaded and 35 MB after
 * fifty pages (docs/operations.md); a leak is stopped at four times that, per worker.
 */
const DEFAULT_RENDER_HEAP_MB = 128;

/**
 * A second of event-loop delay (averaged over a second) means every request already waits that long
 * in line: past it new ones are turned away with 503 + Retry-After rather than queued further.
 */
const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 1000;
/** What a client turned away under pressure is told to wait (Retry-After, seconds). */
const PRESSURE_RETRY_AFTER_SECONDS = 10;
/**
 * The heap limit by default: 90% of the heap V8 allows this process (--max-old-space-size or its
 * own default), so requests are shed before the process runs out of memory and dies with every
 * request in flight.
 */
function defaultMaxHeapMb(): number {
  return Math.floor((getHeapStatistics().heap_size_limit * 0.9) / (1024 * 1024));
}

/** The operations' settings (Config's fields of the same names). */
export function readOperations(read: Read) {
  const requestTimeoutSeconds = read('REQUEST_TIMEOUT_SECONDS', parseTimeout, 30);
  const sitemapUrlsPerFile = read('SITEMAP_URLS_PER_FILE', parseSitemapUrls, SITEMAP_MAX_URLS);
  const serverRender = {
    timeoutMs: read('SERVER_RENDER_TIMEOUT_MS', parseRenderTimeout, DEFAULT_RENDER_TIMEOUT_MS),
    maxHeapMb: read('SERVER_RENDER_MAX_HEAP_MB', parseRenderHeap, DEFAULT_RENDER_HEAP_MB),
  };

  // Issue 46: no other site's page reads the API unless the operator names it.
  const corsOrigins = read('CORS_ORIGINS', parseOrigins, [] as readonly string[]);
  const metrics = {
    token: read('METRICS_TOKEN', parseSecret, null as string | null),
    port: read('METRICS_PORT', parsePort, null as number | null),
    host: read('METRICS_HOST', (v) => v, '127.0.0.1'),
  };
  const pressure = {
    maxEventLoopDelayMs: read(
      'PRESSURE_MAX_EVENT_LOOP_DELAY_MS',
      parseEventLoopDelayLimit,
      DEFAULT_MAX_EVENT_LOOP_DELAY_MS,
    ),
    maxHeapMb: read('PRESSURE_MAX_HEAP_MB', parseHeapLimit, defaultMaxHeapMb()),
    retryAfterSeconds: PRESSURE_RETRY_AFTER_SECONDS,
  };
  return {
    requestTimeoutSeconds,
    sitemapUrlsPerFile,
    serverRender,
    metrics,
    pressure,
    corsOrigins,
  };
}
