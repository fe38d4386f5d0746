import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseLsn, replicaFault } from './read-replicas';

/** The pieces of the read replicas that need no server (the rest: test/system/read-replicas.test.ts). */
describe('read replicas', () => {
  it('compares WAL positions as PostgreSQL does, past 32 bits', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')).toBeGreaterThan(parseLsn('0/FFFFFFFF'));
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it("skips a replica for its own failures, not for the query's", () => {
    const sent = (code: string) => Object.assign(new pg.DatabaseError('x', 1, 'error'), { code });
    expect(
      replicaFault(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(replicaFault(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(true);
    expect(replicaFault(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(replicaFault(sent('57P01'))).toBe(true); // shut down by the administrator
    expect(replicaFault(sent('57P03'))).toBe(true); // the database system is starting up
    expect(replicaFault(sent('08006'))).toBe(true); // connection failure
    expect(replicaFault(sent('40001'))).toBe(true); // canceled: conflict with recovery
    expect(replicaFault(sent('22P02'))).toBe(false); // a bad value: the primary says the same
    expect(replicaFault(sent('42P01'))).toBe(false); // no such table
  });
});
