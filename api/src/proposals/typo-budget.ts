import { createHash } from 'node:crypto';
import type { AdminJob } from '@jobboard/contract/admin';
import { TYPO_FIX_FIELDS, isTypoFix } from '@jobboard/contract/employer';
import type { FieldChange } from '@jobboard/contract/jobs';
import { valueOf } from './proposal-fields';

/**
 * One budget of typo fixes per listing between reviews (issue 43, finding 2). Each fix alone is
 * small, but fixes measured against the text as it is would chain into a rewrite nobody reviewed.
 * So a fix is measured from the long texts as they were last reviewed to the texts it leaves:
 * the chain of fixes since together stays within TYPO_FIX_LIMITS.
 *
 * "Last reviewed" needs no hook in every writer of a job: each typo fix records where its chain
 * started (`reviewed`) and a fingerprint of the texts it left (`after`). When the job's texts are
 * no longer what the last fix left, someone else wrote them since (an admin's edit, an approved
 * proposal, the sync's source): those texts are the reviewed ones, and a new chain starts there.
 */

type TypoFixField = (typeof TYPO_FIX_FIELDS)[number];

/** The long texts a typo fix may change, as a job has them. */
export type LongTexts = Record<TypoFixField, FieldChange['from']>;

/** Where a job's chain of typo fixes started, and what its last fix left. */
export interface TypoChain {
  reviewed: LongTexts;
  after: string;
}

export const longTextsOf = (job: AdminJob): LongTexts =>
  Object.fromEntries(TYPO_FIX_FIELDS.map((field) => [field, valueOf(job, field)])) as LongTexts;

/** The job's texts with a fix's values over them (fields it does not change stay as they are). */
export const withFix = (texts: LongTexts, values: Partial<Record<string, unknown>>): LongTexts =>
  Object.fromEntries(
    TYPO_FIX_FIELDS.map((field) => [
      field,
      Object.hasOwn(values, field) ? (values[field] as FieldChange['from']) : texts[field],
    ]),
  ) as LongTexts;

/** A fingerprint of the texts (the order of TYPO_FIX_FIELDS, so it never depends on key order). */
export const fingerprintOf = (texts: LongTexts): string =>
  createHash('sha256')
    .update(JSON.stringify(TYPO_FIX_FIELDS.map((field) => texts[field] ?? null)))
    .digest('hex');

/** The texts as last reviewed: the chain's start while the texts are what its last fix left. */
export const reviewedTexts = (current: LongTexts, chain: TypoChain | undefined): LongTexts =>
  chain && chain.after === fingerprintOf(current) ? chain.reviewed : current;

/** Whether `next` is still typo-sized against the reviewed texts: the listing's one budget. */
export function withinTypoBudget(reviewed: LongTexts, next: LongTexts): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const changes: FieldChange[] = TYPO_FIX_FIELDS.flatMap((field) =>
    same(reviewed[field], next[field])
      ? []
      : [{ field, from: reviewed[field] ?? null, to: next[field] ?? null }],
  );
  return isTypoFix(changes);
}
