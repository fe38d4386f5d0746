import { SYNC_LIMITS, SYNC_SOURCE_NAMES } from '@jobboard/contract/admin';
import { AIRTABLE_FIELDS, airtableFieldName } from '../field-mapping';
import { fetchJson } from './http';
import { RateLimiter } from './rate-limiter';
import { SourceError, type JobSourceReader, type SourceRecord } from './source';

export interface AirtableOptions {
  apiKey: string;
  baseId: string;
  table: string;
  /** https://api.airtable.com/v0, or a local stand-in in tests. */
  apiUrl: string;
  timeoutMs: number;
  retryWaitMs: number;
}

/** Airtable allows 5 requests a second per base; a 429 then costs 30 s. */
export const AIRTABLE_REQUESTS_PER_SECOND = 5;
/** The largest page Airtable's list records call gives. */
export const AIRTABLE_PAGE_SIZE = 100;

/**
 * Airtable's list records call, page by page (`pageSize=100`, then the `offset` each page hands
 * back) until a page has none, at most 5 requests a second. Each record's fields are renamed to
 * the public Job shape by AIRTABLE_FIELDS (field-mapping.ts); fields not named there are ignored.
 */
export class AirtableReader implements JobSourceReader {
  readonly source = 'airtable' as const;
  readonly name = SYNC_SOURCE_NAMES.airtable;
  readonly fieldName = airtableFieldName;

  constructor(
    private readonly options: AirtableOptions,
    private readonly limiter = new RateLimiter(AIRTABLE_REQUESTS_PER_SECOND),
  ) {}

  async readAll(): Promise<SourceRecord[]> {
    const { apiKey, apiUrl, baseId, table, timeoutMs, retryWaitMs } = this.options;
    const records: SourceRecord[] = [];
    const seenOffsets = new Set<string>();
    let offset: string | undefined;
    do {
      const url = new URL(`${apiUrl}/${encodeURIComponent(baseId)}/${encodeURIComponent(table)}`);
      url.searchParams.set('pageSize', String(AIRTABLE_PAGE_SIZE));
      if (offset) url.searchParams.set('offset', offset);
      const page = await fetchJson(url.toString(), {
        label: this.name,
        headers: { authorization: `Bearer ${apiKey}` },
        timeoutMs,
        retryWaitMs,
        limiter: this.limiter,
      });
      const { pageRecords, next } = readPage(page);
      records.push(...pageRecords);
      if (records.length > SYNC_LIMITS.records) {
        throw new SourceError(
          `Airtable holds more than ${SYNC_LIMITS.records.toLocaleString('en-US')} records, more than one sync takes`,
        );
      }
      // A source that hands back an offset it gave before would page for ever.
      if (next && seenOffsets.has(next)) {
        throw new SourceError('Airtable repeated a page offset');
      }
      if (next) seenOffsets.add(next);
      offset = next;
    } while (offset);
    return records;
  }
}

/** One page of the list records answer: `{ records: [{ id, fields }], offset? }`. */
function readPage(page: unknown): { pageRecords: SourceRecord[]; next: string | undefined } {
  const body = page as { records?: unknown; offset?: unknown } | null;
  if (!body || typeof body !== 'object' || !Array.isArray(body.records)) {
    throw new SourceError('Airtable answered something other than a page of records');
  }
  if (body.offset !== undefined && typeof body.offset !== 'string') {
    throw new SourceError('Airtable answered a page offset that is not text');
  }
  const pageRecords = body.records.map((record: unknown): SourceRecord => {
    const { id, fields } = (record ?? {}) as { id?: unknown; fields?: unknown };
    const given = fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : {};
    const renamed: Record<string, unknown> = {};
    const company: Record<string, unknown> = {};
    for (const [airtableName, jobKey] of Object.entries(AIRTABLE_FIELDS)) {
      if (!Object.hasOwn(given, airtableName)) continue;
      if (jobKey.startsWith('company.'))
        company[jobKey.slice('company.'.length)] = given[airtableName];
      else renamed[jobKey] = given[airtableName];
    }
    if (Object.keys(company).length) renamed.company = company;
    return { externalId: id, fields: renamed };
  });
  return { pageRecords, next: body.offset || undefined };
}
