import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/*
 * GET /metrics under `jobboard serve --workers N` (issue 46): a scrape reaches one worker (the
 * primary hands each connection to the next), yet must count the whole server. The worker that
 * got it asks the primary, the primary asks every worker for its registry over the cluster's IPC
 * (prom-client's AggregatorRegistry) and answers with the aggregate: counters and histograms are
 * summed; a gauge is summed too (pool connections, pages queued: each worker has its own), unless
 * it reads something the workers share (the database: outbox, last runs, backup age), whose metric
 * says `aggregator: 'max'` (every worker reads the same value; a sum would count it N times).
 * In a server of its own nothing changes: its registry is the whole server.
 */

const SCRAPE_REQUEST = 'jobboard:metrics-scrape';
const SCRAPE_ANSWER = 'jobboard:metrics-answer';

/** Longer than prom-client's own 5 s wait for the workers, so its error reaches the scrape. */
const SCRAPE_TIMEOUT_MS = 8_000;

interface ScrapeAnswer {
  type: typeof SCRAPE_ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAnswer = (message: unknown): message is ScrapeAnswer =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === SCRAPE_ANSWER;

/**
 * How this process answers a scrape: its own registry in a server of its own, the whole cluster's
 * in a worker of `serve --workers` (which also gives its registry to the primary's collection).
 */
export function scraperFor(registry: Registry): () => Promise<string> {
  if (!cluster.isWorker) return () => registry.metrics();
  AggregatorRegistry.setRegistries([registry]);
  // Its constructor makes this worker answer the primary's collection requests.
  new AggregatorRegistry();
  let next = 0;
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = (next += 1);
      const onMessage = (message: unknown) => {
        if (!isAnswer(message) || message.id !== id) return;
        done();
        if (message.error !== undefined) reject(new Error(`metrics: ${message.error}`));
        else resolve(message.text ?? '');
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error('metrics: the primary did not answer the scrape'));
      }, SCRAPE_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        process.off('message', onMessage);
      };
      process.on('message', onMessage);
      process.send!({ type: SCRAPE_REQUEST, id });
    });
}

/** In the primary of `serve --workers`: answers each worker's scrape with every worker's metrics. */
export function answerWorkerScrapes(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (
      typeof message !== 'object' ||
      message === null ||
      (message as { type?: unknown }).type !== SCRAPE_REQUEST
    ) {
      return;
    }
    const { id } = message as { id: number };
    const reply = (answer: Omit<ScrapeAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: SCRAPE_ANSWER, id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
