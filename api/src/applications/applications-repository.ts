import type {
  ApplicationNotify,
  ApplicationStatus,
  ResumeKind,
} from '@jobboard/contract/applications';
import { DAY_MS } from '@jobboard/contract/common';
import type { Db } from '../platform/db/knex';

/** An `applications` row as stored (migration 20261129120000). Times are epoch ms. */
export interface ApplicationRow {
  id: number;
  job_id: number;
  name: string;
  email: string;
  email_key: string;
  phone: string | null;
  /** A JSON list of web addresses. */
  links: string;
  cover_note: string;
  /** A JSON list of { question, answer }, as asked when it was sent. */
  answers: string;
  resume_name: string;
  resume_type: ResumeKind;
  resume_bytes: number;
  status: ApplicationStatus;
  starred: boolean | number;
  note: string | null;
  withdraw_token_hash: string;
  created_at: number | string;
  updated_at: number | string;
  employer_notified_at: number | string | null;
  /** When the employer's decline e-mail was queued (migration 20261129120100); null: never. */
  declined_at: number | string | null;
}

export type NewApplication = Omit<
  ApplicationRow,
  'id' | 'status' | 'starred' | 'note' | 'employer_notified_at' | 'declined_at'
>;

/** What the inbox changes of an application: only the columns given are written. */
export interface ApplicationChange {
  status?: ApplicationStatus;
  starred?: boolean;
  note?: string | null;
}

/** An `employer_application_settings` row as the inbox reads it. */
export interface ApplicationSettingsRow {
  notify: ApplicationNotify;
  decline_subject: string | null;
  decline_body: string | null;
}

/** The settings an employer changes: only the columns given are written. */
export type ApplicationSettingsWrite = Partial<ApplicationSettingsRow>;

/** How many applications a job has of one count (a status, a UTC day). */
export interface JobCount {
  jobId: number;
  /** The status, or the UTC day's number since the epoch (epoch ms / DAY_MS, rounded down). */
  key: string | number;
  count: number;
}

/** A résumé as stored, with what it was sent as. */
export interface StoredResume {
  name: string;
  kind: ResumeKind;
  bytes: Buffer;
}

/** Whether a database error is the unique key of (job, applicant's address): a second application. */
export const isDuplicateApplication = (error: unknown): boolean => {
  const text = String((error as { message?: string })?.message ?? '');
  const code = (error as { code?: string })?.code;
  return (
    (code === '23505' && text.includes('applications_job_id_email_key_unique')) ||
    (code === 'SQLITE_CONSTRAINT' && text.includes('applications.job_id, applications.email_key'))
  );
};

/**
 * The `applications`, `application_files` and `employer_application_settings` tables: the only
 * code that queries them (the applicant's form, the withdrawal, the employer's inbox). A résumé's
 * bytes are a row of their own, so listing applications never reads them.
 */
export class ApplicationsRepository {
  /** Store an application and its résumé (in the caller's transaction); its id. */
  async insert(db: Db, row: NewApplication, resume: Buffer, sha256: string): Promise<number> {
    const [inserted] = await db('applications')
      .insert({ ...row, status: 'new', starred: false })
      .returning('id');
    const id = Number(typeof inserted === 'object' ? inserted.id : inserted);
    await db('application_files').insert({ application_id: id, bytes: resume, sha256 });
    return id;
  }

  async byId(db: Db, id: number): Promise<ApplicationRow | undefined> {
    return db<ApplicationRow>('applications').where({ id }).first();
  }

  async byWithdrawHash(db: Db, hash: string): Promise<ApplicationRow | undefined> {
    return db<ApplicationRow>('applications').where({ withdraw_token_hash: hash }).first();
  }

  async resumeOf(db: Db, id: number): Promise<StoredResume | undefined> {
    const row = (await db('applications')
      .join('application_files', 'application_files.application_id', 'applications.id')
      .where('applications.id', id)
      .first('applications.resume_name', 'applications.resume_type', 'application_files.bytes')) as
      { resume_name: string; resume_type: ResumeKind; bytes: Buffer | Uint8Array } | undefined;
    return row && { name: row.resume_name, kind: row.resume_type, bytes: Buffer.from(row.bytes) };
  }

  /** Delete applications (their résumés go with them); how many there were. */
  async delete(db: Db, ids: readonly number[]): Promise<number> {
    if (!ids.length) return 0;
    await db('application_files').whereIn('application_id', ids).delete();
    return db('applications').whereIn('id', ids).delete();
  }

  /** How an employer (their address's key) hears of applications: 'each' until they choose. */
  async notifyOf(db: Db, employerKey: string): Promise<ApplicationNotify> {
    const row = (await db('employer_application_settings')
      .where({ email_key: employerKey })
      .first('notify')) as { notify: ApplicationNotify } | undefined;
    return row?.notify ?? 'each';
  }

  /** Mark applications as named to their employer (an e-mail each, or a digest). */
  async markNotified(db: Db, ids: readonly number[], at: number): Promise<void> {
    if (ids.length)
      await db('applications').whereIn('id', ids).update({ employer_notified_at: at });
  }
  // ---- the employer's inbox --------------------------------------------------------------------

  async byIds(db: Db, ids: readonly number[]): Promise<ApplicationRow[]> {
    return ids.length ? db<ApplicationRow>('applications').whereIn('id', ids) : [];
  }

  /** One page of a job's applications, newest first (of one status, when given). */
  async pageOfJob(
    db: Db,
    jobId: number,
    query: { status?: ApplicationStatus; limit: number; offset: number },
  ): Promise<ApplicationRow[]> {
    const rows = db<ApplicationRow>('applications').where({ job_id: jobId });
    if (query.status) rows.andWhere({ status: query.status });
    return rows
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(query.limit)
      .offset(query.offset);
  }

  /** Every application of a job, newest first (the CSV export). */
  async allOfJob(db: Db, jobId: number): Promise<ApplicationRow[]> {
    return db<ApplicationRow>('applications')
      .where({ job_id: jobId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
  }

  /** How many applications these jobs have in each status. */
  async countsByStatus(db: Db, jobIds: readonly number[]): Promise<JobCount[]> {
    if (!jobIds.length) return [];
    const rows = (await db('applications')
      .whereIn('job_id', jobIds)
      .groupBy('job_id', 'status')
      .select('job_id', 'status')
      .count({ n: '*' })) as { job_id: number; status: string; n: number | string }[];
    return rows.map((r) => ({ jobId: Number(r.job_id), key: r.status, count: Number(r.n) }));
  }

  /**
   * How many applications these jobs had each UTC day from `since` (epoch ms) on: the day as its
   * number since the epoch, worked out by an integer division both databases do alike.
   */
  async countsByDay(db: Db, jobIds: readonly number[], since: number): Promise<JobCount[]> {
    if (!jobIds.length) return [];
    const rows = (await db('applications')
      .whereIn('job_id', jobIds)
      .andWhere('created_at', '>=', since)
      .select('job_id', db.raw(`created_at / ${DAY_MS} AS day`))
      .count({ n: '*' })
      .groupByRaw(`job_id, created_at / ${DAY_MS}`)) as {
      job_id: number;
      day: number | string;
      n: number | string;
    }[];
    return rows.map((r) => ({
      jobId: Number(r.job_id),
      key: Math.floor(Number(r.day)),
      count: Number(r.n),
    }));
  }

  /** Change one application: only the fields given; false when it is gone. */
  async update(db: Db, id: number, change: ApplicationChange, at: number): Promise<boolean> {
    const columns = definedColumns(change);
    const changed = await db('applications')
      .where({ id })
      .update({ ...columns, updated_at: at });
    return changed > 0;
  }

  /** Give these applications one status. */
  async setStatus(
    db: Db,
    ids: readonly number[],
    status: ApplicationStatus,
    at: number,
  ): Promise<number> {
    if (!ids.length) return 0;
    return db('applications').whereIn('id', ids).update({ status, updated_at: at });
  }

  /**
   * Decline an application and record that its e-mail was queued, once: false when it had been
   * already (the condition is in the update, so two declines at once queue one e-mail).
   */
  async decline(db: Db, id: number, at: number): Promise<boolean> {
    const changed = await db('applications')
      .where({ id })
      .whereNull('declined_at')
      .update({ status: 'declined', declined_at: at, updated_at: at });
    return changed > 0;
  }

  async settingsOf(db: Db, employerKey: string): Promise<ApplicationSettingsRow | undefined> {
    return db('employer_application_settings')
      .where({ email_key: employerKey })
      .first('notify', 'decline_subject', 'decline_body');
  }

  /**
   * Write the settings given (the row made when it is the first), leaving the others, and the
   * digest's own `digest_sent_at`, as they are.
   */
  async saveSettings(
    db: Db,
    employerKey: string,
    change: ApplicationSettingsWrite,
    at: number,
  ): Promise<void> {
    const columns = { ...definedColumns(change), updated_at: at };
    await db('employer_application_settings')
      .insert({ email_key: employerKey, ...columns })
      .onConflict('email_key')
      .merge(Object.keys(columns));
  }
}

/** The entries of a change that are given (undefined: not written), as columns. */
function definedColumns<T extends object>(change: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(change).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
