import type { ChangeValue } from '@jobboard/contract/jobs';
import {
  PROPOSAL_FIELDS,
  type ProposalField,
  type ProposalStatus,
} from '@jobboard/contract/employer';
import type { LongTexts, TypoChain } from './typo-budget';
import type { Db } from '../platform/db/knex';

/** The proposed value of each field the employer changed. */
export type ProposedValues = Partial<Record<ProposalField, ChangeValue>>;

export interface ProposalRow {
  id: number;
  job_id: number;
  changes: string;
  email: string;
  created_at: number | string;
  status: ProposalStatus;
  decided_by: string | null;
  decided_at: number | string | null;
  reason: string | null;
  /** A typo fix's chain (typo-budget.ts): the texts as last reviewed (JSON), and what it left. */
  typo_reviewed?: string | null;
  typo_after?: string | null;
}

export interface ProposalDecision {
  status: Exclude<ProposalStatus, 'pending'>;
  decidedBy: string;
  reason: string | null;
}

/** `job_proposals`: the employers' proposals of changes to their live jobs. */
export class ProposalsRepository {
  async insert(
    db: Db,
    row: {
      jobId: number;
      changes: ProposedValues;
      email: string;
      status: ProposalStatus;
      /** A typo fix that went live: where its chain started and what it left. */
      typoChain?: TypoChain;
    },
    decision: Omit<ProposalDecision, 'status'> | null,
    now: Date,
  ): Promise<number> {
    const [inserted] = await db('job_proposals')
      .insert({
        job_id: row.jobId,
        changes: JSON.stringify(row.changes),
        email: row.email,
        created_at: now.getTime(),
        status: row.status,
        decided_by: decision?.decidedBy ?? null,
        decided_at: decision ? now.getTime() : null,
        reason: decision?.reason ?? null,
        typo_reviewed: row.typoChain ? JSON.stringify(row.typoChain.reviewed) : null,
        typo_after: row.typoChain?.after ?? null,
      })
      .returning('id');
    return Number(typeof inserted === 'object' ? inserted.id : inserted);
  }

  find(db: Db, id: number): Promise<ProposalRow | undefined> {
    return db<ProposalRow>('job_proposals').where({ id }).first();
  }

  /** The chain of the job's latest typo fix that went live, if any. */
  async lastTypoChain(db: Db, jobId: number): Promise<TypoChain | undefined> {
    const row = await db<ProposalRow>('job_proposals')
      .where({ job_id: jobId })
      .whereNotNull('typo_after')
      .orderBy('id', 'desc')
      .first();
    return row?.typo_reviewed && row.typo_after
      ? { reviewed: JSON.parse(row.typo_reviewed) as LongTexts, after: row.typo_after }
      : undefined;
  }

  pendingOf(db: Db, jobId: number): Promise<ProposalRow | undefined> {
    return db<ProposalRow>('job_proposals').where({ job_id: jobId, status: 'pending' }).first();
  }

  /** Each job's latest proposal, whatever its status. */
  async latestOf(db: Db, jobIds: number[]): Promise<Map<number, ProposalRow>> {
    const latest = new Map<number, ProposalRow>();
    if (!jobIds.length) return latest;
    const rows = await db<ProposalRow>('job_proposals')
      .whereIn('job_id', jobIds)
      .orderBy([
        { column: 'created_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    for (const row of rows) latest.set(Number(row.job_id), row);
    return latest;
  }

  /** Every pending proposal, oldest first. */
  pending(db: Db): Promise<ProposalRow[]> {
    return db<ProposalRow>('job_proposals')
      .where({ status: 'pending' })
      .orderBy([
        { column: 'created_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
  }

  /** Decide a pending proposal; false when it was not pending (decided or withdrawn meanwhile). */
  async decide(db: Db, id: number, decision: ProposalDecision, now: Date): Promise<boolean> {
    const updated = await db('job_proposals').where({ id, status: 'pending' }).update({
      status: decision.status,
      decided_by: decision.decidedBy,
      decided_at: now.getTime(),
      reason: decision.reason,
    });
    return updated > 0;
  }
}

/** A stored proposal's values (a field this release does not know is left out). */
export function proposedValues(row: ProposalRow): ProposedValues {
  try {
    const value: unknown = JSON.parse(row.changes);
    if (!value || typeof value !== 'object') return {};
    const stored = value as Record<string, ChangeValue>;
    return Object.fromEntries(
      PROPOSAL_FIELDS.filter((field) => Object.hasOwn(stored, field)).map((f) => [f, stored[f]!]),
    );
  } catch {
    return {};
  }
}
