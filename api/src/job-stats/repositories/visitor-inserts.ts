import type { StatKind, VisitorGroup } from './types';

/**
 * Visitors one insert takes at most. A piece's visitors go as one JSON array, not as bound
 * parameters (what the driver, Knex and the database would each handle one by one), and one
 * statement holds SQLite's single writer for tens of milliseconds at most.
 */
export const VISITORS_PER_INSERT = 2_000;
/** Pieces (job, day and kind) one insert takes at most: one SELECT each, UNION ALL. */
export const PIECES_PER_INSERT = 50;

/**
 * A visitor's hash is the SHA-256 of its salt, client and agent in hex (job-stats.ts): always this
 * long, so a row's channel can follow it in one string (`<visitor><channel>`) and be cut off again
 * by the database.
 */
export const VISITOR_LENGTH = 64;

/**
 * One piece's rows in the visitors' insert: its day, job and kind bound once, and its visitors,
 * each with its channel after it, read from a JSON array of strings. One string a row keeps the
 * array in the key's order whatever the channels (it sorts as its visitor does): runs of one
 * channel each, walked one after another, took twice as long to write (4 channels, 10,000 rows
 * on SQLite: 25 ms, against 12 ms). (SQLite's `WHERE true`: an upsert's SELECT needs a WHERE, or
 * its ON reads as a join's.)
 */
export const SELECT_PIECE = {
  sqlite: `SELECT ?, ?, ?, substr(value, ${VISITOR_LENGTH + 1}), substr(value, 1, ${VISITOR_LENGTH}) FROM json_each(?) WHERE true`,
  postgres: `SELECT ?, ?::integer, ?, substr(v, ${VISITOR_LENGTH + 1}), substr(v, 1, ${VISITOR_LENGTH}) FROM json_array_elements_text(?::json) AS v`,
} as const;

/** A piece of one insert: its day, job id, kind, and its rows (`<visitor><channel>`) as a JSON array. */
export type Piece = [day: string, jobId: number, kind: StatKind, rows: string];

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The groups' visitors in the order of job_stat_visitors' primary key (day, job_id, kind,
 * visitor), each with its channel, in inserts of at most `VISITORS_PER_INSERT` visitors and
 * `PIECES_PER_INSERT` pieces.
 */
export function* visitorInserts(groups: VisitorGroup[]): Generator<Piece[]> {
  const sorted = [...groups].sort(
    (a, b) => compare(a.day, b.day) || a.jobId - b.jobId || compare(a.kind, b.kind),
  );
  let pieces: Piece[] = [];
  let room = VISITORS_PER_INSERT;
  for (const { day, jobId, kind, visitors } of sorted) {
    const rows: string[] = [];
    for (const [visitor, channel] of visitors) rows.push(visitor + channel);
    // Hex digits first, of one length: the default (UTF-16 code unit) order is the key's.
    rows.sort();
    for (let from = 0; from < rows.length;) {
      const taken = rows.slice(from, from + room);
      pieces.push([day, jobId, kind, JSON.stringify(taken)]);
      from += taken.length;
      room -= taken.length;
      if (room === 0 || pieces.length === PIECES_PER_INSERT) {
        yield pieces;
        pieces = [];
        room = VISITORS_PER_INSERT;
      }
    }
  }
  if (pieces.length > 0) yield pieces;
}
