import type {
  ApplicationNotify,
  ApplicationStatus,
  ResumeKind,
} from '@jobboard/contract/applications';
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
}

export type NewApplication = Omit<
  ApplicationRow,
  'id' | 'status' | 'starred' | 'note' | 'employer_notified_at'
>;

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
 * The `applications` and `application_files` tables: the only code that writes them (the inbox's
 * reads are in inbox-repository.ts). A résumé's bytes are a row of their own, so listing
 * applications never reads them.
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
}
