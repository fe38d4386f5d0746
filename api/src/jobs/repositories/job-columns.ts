import { canonicalJobType, deadlineEndsAt, normaliseDeadline } from '@jobboard/contract/common';
import { distinctLabels, labelKey } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { chunks } from '../../platform/db/chunks';
import { applyColumns } from '../apply-fields';
import type { JobInput } from '../job-input';
import { cleanSentences } from '../job-patch';
import { hasEnded } from '../listing-end';
import { jobPayColumns, type PayRule } from '../pay-columns';
import { workplaceColumns } from '../workplace-columns';
import { INSERT_BATCH } from './job-rows';

/**
 * A new job's row as the writer inserts it (job-writer.ts): its columns from its input, its pay's
 * by the board's pay rule.
 */
export function jobColumns(input: JobInput, now: Date, payRule: PayRule) {
  const pay = input.pay.currency ? input.pay : { ...input.pay, currency: payRule.currency };
  const deadline = input.deadline?.trim() ? normaliseDeadline(input.deadline) : null;
  const expiresAt = input.expiresAt ? input.expiresAt.getTime() : null;
  const deadlineEnd = deadlineEndsAt(deadline);
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    job_type: canonicalJobType(input.jobType),
    ...workplaceColumns(input),
    experience_level: input.experienceLevel,
    ...jobPayColumns(pay, payRule),
    deadline,
    deadline_ends_at: deadlineEnd,
    posted_date: input.postedDate,
    responsibilities: JSON.stringify(cleanSentences(input.responsibilities ?? [])),
    requirements: JSON.stringify(cleanSentences(input.requirements ?? [])),
    benefits: JSON.stringify(cleanSentences(input.benefits ?? [])),
    application_url: input.applicationUrl?.trim() || null,
    ...applyColumns(input),
    via: input.via,
    featured: input.featured,
    active: input.active,
    expires_at: expiresAt,
    // A job written ended (an import of old listings) goes straight to the archive.
    archived: hasEnded({ expiresAt, deadlineEndsAt: deadlineEnd }, now),
    source: input.source,
    external_id: input.externalId ?? null,
    sync_hash: input.syncHash ?? null,
    updated_at: now.getTime(),
  };
}

/** A job's new locations and categories (either absent: that list stays as it is). */
interface NewLists {
  jobId: number;
  locations?: string[];
  categories?: string[];
}

/** Write the locations and categories of new or changed jobs (a list not given is not touched). */
export async function replaceLists(trx: Knex.Transaction, jobs: NewLists[]) {
  const lists = [
    { table: 'locations', joinTable: 'job_locations', key: 'location_id', of: 'locations' },
    { table: 'categories', joinTable: 'job_categories', key: 'category_id', of: 'categories' },
  ] as const;
  for (const { table, joinTable, key, of } of lists) {
    const given = jobs.flatMap((job) => {
      const names = job[of];
      return names ? [{ jobId: job.jobId, names: distinctLabels(names) }] : [];
    });
    if (!given.length) continue;
    for (const part of chunks(
      given.map((g) => g.jobId),
      INSERT_BATCH,
    )) {
      await trx(joinTable).whereIn('job_id', part).delete();
    }
    const ids = await nameIds(
      trx,
      table,
      given.flatMap((g) => g.names),
    );
    const rows = given.flatMap(({ jobId, names }) =>
      names.map((name, position) => ({
        job_id: jobId,
        [key]: ids.get(labelKey(name)),
        position,
      })),
    );
    for (const part of chunks(rows, INSERT_BATCH)) await trx(joinTable).insert(part);
    if (trx.client.config.client === 'pg') {
      // PostgreSQL searches the copy on the job's row (migration 20261127000300_job_label_arrays).
      for (const part of chunks(
        given.map((g) => g.jobId),
        INSERT_BATCH,
      )) {
        await trx.raw(
          `UPDATE jobs SET ${key}s = COALESCE((SELECT array_agg(${key} ORDER BY ${key})
             FROM ${joinTable} WHERE job_id = jobs.id), '{}') WHERE id = ANY(?::int[])`,
          [part],
        );
      }
    }
  }
}

/**
 * Ids of location or category names, keyed by their label key (the contract's labelKey), creating
 * the missing ones. An existing entry with other letter case or accents composed otherwise is
 * reused, so 'remote' and 'Remote' stay one location.
 */
async function nameIds(
  trx: Knex.Transaction,
  table: 'locations' | 'categories',
  names: string[],
): Promise<Map<string, number>> {
  const wanted = distinctLabels(names);
  const ids = new Map<string, number>();
  const lookUp = async (keys: string[]) => {
    for (const part of chunks(keys, INSERT_BATCH)) {
      const rows: { id: number; name_key: string }[] = await trx(table)
        .whereIn('name_key', part)
        .select('id', 'name_key');
      for (const row of rows) ids.set(row.name_key, Number(row.id));
    }
  };
  await lookUp(wanted.map(labelKey));
  const missing = wanted.filter((name) => !ids.has(labelKey(name)));
  for (const part of chunks(missing, INSERT_BATCH)) {
    await trx(table)
      .insert(part.map((name) => ({ name, name_key: labelKey(name) })))
      .onConflict('name_key')
      .ignore();
  }
  await lookUp(missing.map(labelKey));
  return ids;
}
