import type { SyncSource } from '@jobboard/contract/admin';

/**
 * A record as a source holds it: its id there and its fields, named as in the public Job shape
 * (docs/product.md#entities). Each source turns its own format into this; field-mapping.ts does the rest.
 */
export interface SourceRecord {
  externalId: unknown;
  fields: Record<string, unknown>;
}

/** An external job source: reads every record it holds, or throws SourceError. */
export interface JobSourceReader {
  readonly source: SyncSource;
  /** How admins see it named ('Airtable'). */
  readonly name: string;
  /** How the source names a Job field ('Job Type' for jobType), for skip reasons. */
  readonly fieldName?: (key: string) => string;
  readAll(): Promise<SourceRecord[]>;
}

/** The source could not be read whole (network, a non-OK answer, bad JSON, a timeout). */
export class SourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceError';
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
