import type { Knex } from 'knex';
import type { StoredLogoImage } from './logo-image';

/** A stored logo as the route serves it. */
export interface LogoRow {
  hash: string;
  content_type: string;
  bytes: Buffer;
}

/**
 * `logos.source_url` of a logo an employer uploaded with a submission (POST /api/logos) rather
 * than one fetched from an address.
 */
export const UPLOADED_SOURCE = 'upload';

/** A logo's row as it is first stored, whichever way it came. */
const logoRow = (image: StoredLogoImage, sourceUrl: string, now: Date) => ({
  hash: image.hash,
  content_type: image.contentType,
  bytes: image.bytes,
  width: image.width,
  height: image.height,
  source_url: sourceUrl,
  fetched_at: now.getTime(),
});

/** The `logos` table (migration 20261126150100): each picture once, by the SHA-256 of its bytes. */
export class LogosRepository {
  constructor(private readonly db: Knex) {}

  /** Keep a logo; one already stored with these bytes stays as it is (the first source named). */
  async store(image: StoredLogoImage, sourceUrl: string, now: Date): Promise<void> {
    await this.db('logos')
      .insert(logoRow(image, sourceUrl, now))
      .onConflict('hash')
      .ignore();
  }

  /**
   * Keep an employer's upload. The same bytes stored already stay as they are, except that an
   * upload's time is renewed: retention counts an unused upload's day from its latest upload.
   */
  async storeUpload(image: StoredLogoImage, now: Date): Promise<void> {
    await this.db('logos')
      .insert(logoRow(image, UPLOADED_SOURCE, now))
      .onConflict('hash')
      .merge({ fetched_at: now.getTime() })
      .where('logos.source_url', UPLOADED_SOURCE);
  }

  /** Hashes of uploads made before `before` (ms), by hash after `afterHash`: at most `limit`. */
  async uploadsBefore(before: number, limit: number, afterHash = ''): Promise<string[]> {
    return this.db('logos')
      .where('source_url', UPLOADED_SOURCE)
      .where('fetched_at', '<', before)
      .where('hash', '>', afterHash)
      .orderBy('hash')
      .limit(limit)
      .pluck('hash');
  }

  /** Delete these uploads, each only if still made before `before` (not uploaded again since). */
  async deleteUploads(hashes: string[], before: number): Promise<number> {
    if (!hashes.length) return 0;
    return this.db('logos')
      .whereIn('hash', hashes)
      .where('source_url', UPLOADED_SOURCE)
      .where('fetched_at', '<', before)
      .del();
  }

  async get(hash: string): Promise<LogoRow | undefined> {
    const row: LogoRow | undefined = await this.db('logos')
      .where({ hash })
      .first('hash', 'content_type', 'bytes');
    return row ? { ...row, bytes: Buffer.from(row.bytes) } : undefined;
  }

  /** Whether a logo of this hash is stored (in `db`, a transaction's, when given). */
  async has(hash: string, db: Knex = this.db): Promise<boolean> {
    return (await db('logos').where({ hash }).first('hash')) !== undefined;
  }

  async count(): Promise<number> {
    const row = await this.db('logos').count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }
}
