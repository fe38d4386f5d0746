import { SYNC_LIMITS, SYNC_SOURCE_NAMES } from '@jobboard/contract/admin';
import { fetchJson } from './http';
import { SourceError, type JobSourceReader, type SourceRecord } from './source';

export interface JsonFeedOptions {
  url: string;
  timeoutMs: number;
  retryWaitMs: number;
}

/**
 * A JSON feed: one GET of JOB_FEED_URL answering an array of jobs in the public Job shape of
 * docs/product.md#entities (or `{ "jobs": [...] }`), each with its own `id`.
 */
export class JsonFeedReader implements JobSourceReader {
  readonly source = 'json-feed' as const;
  readonly name = SYNC_SOURCE_NAMES['json-feed'];

  constructor(private readonly options: JsonFeedOptions) {}

  async readAll(): Promise<SourceRecord[]> {
    const body = await fetchJson(this.options.url, {
      label: 'The JSON feed',
      timeoutMs: this.options.timeoutMs,
      retryWaitMs: this.options.retryWaitMs,
    });
    const list = Array.isArray(body)
      ? body
      : body && typeof body === 'object' && Array.isArray((body as { jobs?: unknown }).jobs)
        ? (body as { jobs: unknown[] }).jobs
        : null;
    if (!list) throw new SourceError('The JSON feed did not answer a list of jobs');
    if (list.length > SYNC_LIMITS.records) {
      throw new SourceError(
        `The JSON feed holds more than ${SYNC_LIMITS.records.toLocaleString('en-US')} jobs, more than one sync takes`,
      );
    }
    return list.map((item: unknown) => {
      const fields = item && typeof item === 'object' && !Array.isArray(item) ? item : {};
      return {
        externalId: (fields as { id?: unknown }).id,
        fields: fields as Record<string, unknown>,
      };
    });
  }
}
