import { CHANNELS, type Channel } from '@jobboard/contract/jobs';
import type { StatKind, VisitorGroup } from './types';

/**
 * Visitors one insert takes at most. A piece's visitors go as one JSON array, not as bound
 * parameters (what the driver, Knex and the database would each handle one by one), and one
 * statement holds SQLite's single writer for tens of milliseconds at most.
 */
export const VISITORS_PER_INSERT = 2_000;
/** Pieces (job, day, kind and channel) one insert takes at most: one SELECT each, UNION ALL. */
export const PIECES_PER_INSERT = 50;

/**
 * One piece's rows in the visitors' insert: its day, job, kind and channel bound once, and its
 * visitors read from a JSON array of strings. (SQLite's `WHERE true`: an upsert's SELECT needs a
 * WHERE, or its ON reads as a join's.)
 */
export const SELECT_PIECE = {
  sqlite: 'SELECT ?, ?, ?, ?, value FROM json_each(?) WHERE true',
  postgres: 'SELECT ?, ?::integer, ?, ?, v FROM json_array_elements_text(?::json) AS v',
} as const;

/** A piece of one insert: its day, job id, kind, channel and its visitors as a JSON array. */
export type Piece = [
  day: string,
  jobId: number,
  kind: StatKind,
  channel: Channel,
  visitors: string,
];

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The visitors of a group by channel, in CHANNELS' order, each sorted (hex: the database's order). */
function byChannel(visitors: Iterable<[string, Channel]>): [Channel, string[]][] {
  const lists = new Map<Channel, string[]>();
  for (const [visitor, channel] of visitors) {
    const list = lists.get(channel);
    if (list) list.push(visitor);
    else lists.set(channel, [visitor]);
  }
  return CHANNELS.flatMap((channel) => {
    const list = lists.get(channel);
    return list ? [[channel, list.sort()] as [Channel, string[]]] : [];
  });
}

/**
 * The groups' visitors in the order of job_stat_visitors' primary key (day, job_id, kind,
 * visitor), a group's channels one after another (each its visitors in order: most of a job's
 * visitors of a day come by one or two channels), in inserts of at most `VISITORS_PER_INSERT`
 * visitors and `PIECES_PER_INSERT` pieces.
 */
export function* visitorInserts(groups: VisitorGroup[]): Generator<Piece[]> {
  const sorted = [...groups].sort(
    (a, b) => compare(a.day, b.day) || a.jobId - b.jobId || compare(a.kind, b.kind),
  );
  let pieces: Piece[] = [];
  let room = VISITORS_PER_INSERT;
  for (const { day, jobId, kind, visitors } of sorted) {
    for (const [channel, all] of byChannel(visitors)) {
      for (let from = 0; from < all.length;) {
        const taken = all.slice(from, from + room);
        pieces.push([day, jobId, kind, channel, JSON.stringify(taken)]);
        from += taken.length;
        room -= taken.length;
        if (room === 0 || pieces.length === PIECES_PER_INSERT) {
          yield pieces;
          pieces = [];
          room = VISITORS_PER_INSERT;
        }
      }
    }
  }
  if (pieces.length > 0) yield pieces;
}
