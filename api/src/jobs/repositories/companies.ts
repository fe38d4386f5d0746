import { COMPANY_FIELDS, type CompanyField } from '@jobboard/contract/admin';
import { uploadedLogoHash } from '@jobboard/contract/submissions';
import type { Knex } from 'knex';
import type { JobChanges } from '../job-changes';
import type { JobInput } from '../job-input';
import { chunks } from '../../platform/db/chunks';
import { giveSlugs } from './company-slugs';
import { survivorsOfMerged } from './company-survivors';

type Db = Knex | Knex.Transaction;

/** Who set a company's detail (`companies.*_set_by`, migration 20261126020300). */
export type DetailsSetter = 'admin' | 'submission' | 'sync' | 'demo';

/**
 * Who is writing a company's details, which decides what the write may change (issue 25):
 * - admin: an admin's own edit (the job form), or an admin approving what a submission gives
 *   with the change in view (`setBy: 'submission'`): always applies;
 * - submission: a paid submission being published: gives the details of a company new to the
 *   board, never changes those of one already there (the review shows the difference instead);
 * - sync / demo: a source's record (the re-sync, the demo seed): fills in a blank detail and
 *   replaces one a source set, never one an admin or a submission set.
 */
export interface CompanyWriter {
  kind: 'admin' | 'submission' | 'sync' | 'demo';
  /** Recorded as who set what this writes; the writer's kind when not given. */
  setBy?: DetailsSetter;
  /** For the history: 'admin:<username>', 'sync:airtable', 'employer', 'system'. */
  actor: string;
  adminId?: number | null;
  /** The submission the values come from, if any (its timeline shows the change). */
  submissionId?: number | null;
}

/** Values for some of a company's details; blank or absent keeps what the company has. */
export type CompanyDetails = Partial<Record<CompanyField, string | null | undefined>>;

/** A company as stored: its details ('' for none) and who set each. */
export interface StoredCompany {
  id: number;
  name: string;
  details: Record<CompanyField, string>;
  setBy: Record<CompanyField, DetailsSetter | null>;
}

/** One stored change of the details of a company on the board (`company_audit`). */
export interface CompanyAuditRow {
  id: number;
  company_id: number;
  field: CompanyField;
  old_value: string | null;
  new_value: string | null;
  set_by: DetailsSetter;
  actor: string;
  admin_id: number | null;
  submission_id: number | null;
  created_at: number;
}

/** The columns of each detail and of who set it. */
const COLUMNS = {
  websiteUrl: { value: 'website_url', setBy: 'website_url_set_by' },
  logo: { value: 'logo_url', setBy: 'logo_url_set_by' },
  description: { value: 'description', setBy: 'description_set_by' },
} as const satisfies Record<CompanyField, { value: string; setBy: string }>;

/** What each detail holds when there is none (migration 20261122000100). */
const BLANK: Record<CompanyField, string | null> = { websiteUrl: '', logo: null, description: '' };

/** company_audit.actor */
const ACTOR_MAX = 120;

/** Most of a company's changes a job's timeline shows (the newest). */
export const COMPANY_HISTORY_LIMIT = 100;

/**
 * Whether `writer` may set a detail the company has as `current`, set by `setBy` (a detail never
 * goes blank: a blank value is no change). A detail no one is recorded to have set (written by a
 * release before this rule) is treated as an admin's.
 */
export function mayChange(
  writer: CompanyWriter['kind'],
  current: string,
  setBy: DetailsSetter | null,
): boolean {
  if (writer === 'admin') return true;
  if (writer === 'submission') return false;
  return current === '' || setBy === 'sync' || setBy === 'demo';
}

/** The writer a job write names, or the one its source implies. */
export function writerOf(input: Pick<JobInput, 'source' | 'companyBy'>): CompanyWriter {
  if (input.companyBy) return input.companyBy;
  switch (input.source) {
    case 'admin':
      return { kind: 'admin', actor: 'system' };
    case 'submission':
      return { kind: 'submission', actor: 'employer' };
    case 'demo':
      return { kind: 'demo', actor: 'system' };
    default:
      return { kind: 'sync', actor: `sync:${input.source}` };
  }
}

/**
 * What one job write says about its company: the company's name, the details it gives (blank or
 * absent: none), and who gives them. A new job's input (`claimOf`) and a job patch's plan
 * (job-patch.ts, `CompanyPlan`) both come to this: the details are passed along, and
 * `companyIds` decides what they change.
 */
export interface CompanyClaim {
  name: string;
  details: CompanyDetails;
  writer: CompanyWriter;
}

/** What a new job's input says about its company. */
export function claimOf(
  input: Pick<
    JobInput,
    'organization' | 'websiteUrl' | 'logoUrl' | 'companyDescription' | 'source' | 'companyBy'
  >,
): CompanyClaim {
  return {
    name: input.organization.trim(),
    details: {
      websiteUrl: input.websiteUrl,
      logo: input.logoUrl,
      description: input.companyDescription,
    },
    writer: writerOf(input),
  };
}

const clean = (value: string | null | undefined): string => value?.trim() ?? '';

/**
 * The company id of every company the claims name, creating the missing ones. A company new to
 * the board takes the details its claims give (for each, the last claim giving it; who set it is
 * that claim's writer). A company already on the board takes each claim's details in turn, only
 * as its writer may (mayChange), and every change is recorded in its history.
 */
export async function companyIds(
  trx: Knex.Transaction,
  claims: CompanyClaim[],
  now: Date,
): Promise<Map<string, number>> {
  const names = [...new Set(claims.map((claim) => claim.name.trim()))];
  const existing = await companiesNamed(trx, names);
  const fresh = new Map<string, NewCompany>();
  for (const { name, details, writer } of claims) {
    const key = name.trim();
    if (existing.has(key)) continue;
    const company = fresh.get(key) ?? { name: key, details: {}, setBy: {} };
    for (const field of COMPANY_FIELDS) {
      const value = clean(details[field]);
      if (!value) continue;
      company.details[field] = value;
      company.setBy[field] = writer.setBy ?? writer.kind;
    }
    fresh.set(key, company);
  }
  const created = await insertCompanies(trx, [...fresh.values()], now);
  // Named by another transaction meanwhile (PostgreSQL): it is an existing company after all.
  const raced = [...fresh.keys()].filter((name) => !created.has(name));
  for (const [name, company] of await companiesNamed(trx, raced)) existing.set(name, company);
  await fileUnderSurvivors(trx, existing);
  for (const { name, details, writer } of claims) {
    const company = existing.get(name.trim());
    if (company) await applyDetails(trx, company, details, writer, now);
  }
  await retryFailedLogos(
    trx,
    claims.filter((claim) => clean(claim.details.logo)).map((claim) => claim.name.trim()),
  );
  const ids = new Map<string, number>(created);
  for (const [name, company] of existing) ids.set(name, company.id);
  return ids;
}

/**
 * A job naming a company merged into another is filed under the survivor (issue 47; the end of
 * its chain of merges, company-survivors.ts): a later sync or submission naming the duplicate's
 * name does not undo the merge. `companies` (by name) is changed in place; a survivor also named
 * itself is the same object, so its details are compared with what each claim set before.
 */
async function fileUnderSurvivors(
  trx: Knex.Transaction,
  companies: Map<string, StoredCompany>,
): Promise<void> {
  const survivors = await survivorsOfMerged(
    trx,
    [...companies.values()].map((company) => company.id),
  );
  if (!survivors.size) return;
  const byId = new Map([...companies.values()].map((company) => [company.id, company]));
  const missing = [...new Set(survivors.values())].filter((id) => !byId.has(id));
  if (missing.length) {
    const rows: Record<string, unknown>[] = await trx('companies').whereIn('id', missing);
    for (const row of rows) byId.set(Number(row.id), storedCompany(row));
  }
  for (const [name, company] of companies) {
    const survivor = byId.get(survivors.get(company.id) ?? company.id);
    if (survivor) companies.set(name, survivor);
  }
}

/** A company to insert: the details its claims give, and who gave each. */
interface NewCompany {
  name: string;
  details: Partial<Record<CompanyField, string>>;
  setBy: Partial<Record<CompanyField, DetailsSetter>>;
}

/**
 * Insert new companies with their details (who set each is on the row; the history records
 * changes of a company already on the board); the ids of those inserted, by name.
 */
async function insertCompanies(
  trx: Knex.Transaction,
  companies: NewCompany[],
  now: Date,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(companies, 200)) {
    const inserted: { id: number; name: string }[] = await trx('companies')
      .insert(
        part.map(({ name, details, setBy }) => {
          const row: Record<string, unknown> = {
            name,
            created_at: now.getTime(),
            updated_at: now.getTime(),
          };
          // Every row names every column: a batch insert gives each row the same columns.
          for (const field of COMPANY_FIELDS) {
            row[COLUMNS[field].value] = details[field] || BLANK[field];
            row[COLUMNS[field].setBy] = details[field] ? (setBy[field] ?? null) : null;
          }
          // A logo uploaded with a submission is stored already: the company shows it, unfetched.
          row.logo_hash = uploadedLogoHash(details.logo) ?? null;
          return row;
        }),
      )
      .onConflict('name')
      .ignore()
      .returning(['id', 'name']);
    for (const row of inserted) ids.set(row.name, Number(row.id));
  }
  // Each new company's page address (issue 47), in the same transaction as the company.
  await giveSlugs(
    trx,
    [...ids].map(([name, id]) => ({ id, name })),
  );
  return ids;
}

/**
 * Set the details `writer` may set on a company on the board (mayChange), each one that differs;
 * records each change, and keeps `company` as it now is. Returns the details changed.
 */
export async function applyDetails(
  trx: Knex.Transaction,
  company: StoredCompany,
  details: CompanyDetails,
  writer: CompanyWriter,
  now: Date,
): Promise<CompanyField[]> {
  const update: Record<string, unknown> = {};
  const audit: Omit<CompanyAuditRow, 'id'>[] = [];
  for (const field of COMPANY_FIELDS) {
    const value = clean(details[field]);
    const current = company.details[field];
    if (!value || value === current) continue;
    if (!mayChange(writer.kind, current, company.setBy[field])) continue;
    update[COLUMNS[field].value] = value;
    update[COLUMNS[field].setBy] = writer.setBy ?? writer.kind;
    // A new logo address: the stored logo was another picture's (logos/logo-service.ts fetches it).
    // An uploaded one (`/logos/<hash>.png`, issue 30) is stored already: shown at once, unfetched.
    if (field === 'logo') {
      Object.assign(update, { logo_hash: uploadedLogoHash(value) ?? null, logo_failed_url: null });
    }
    audit.push(auditRow(company.id, field, current || null, value, writer, now));
  }
  if (!audit.length) return [];
  await trx('companies')
    .where({ id: company.id })
    .update({ ...update, updated_at: now.getTime() });
  await insertAudit(trx, audit);
  for (const line of audit) {
    company.details[line.field] = line.new_value ?? '';
    company.setBy[line.field] = line.set_by;
  }
  return audit.map((line) => line.field);
}

function auditRow(
  companyId: number,
  field: CompanyField,
  oldValue: string | null,
  newValue: string,
  writer: CompanyWriter,
  now: Date,
): Omit<CompanyAuditRow, 'id'> {
  return {
    company_id: companyId,
    field,
    old_value: oldValue,
    new_value: newValue,
    set_by: writer.setBy ?? writer.kind,
    actor: writer.actor.slice(0, ACTOR_MAX),
    admin_id: writer.adminId ?? null,
    submission_id: writer.submissionId ?? null,
    created_at: now.getTime(),
  };
}

/**
 * A logo whose fetch failed is tried again when a sync or an edit gives the company's logo again
 * (the same address): its failure is forgotten, and the logo fetcher takes it at its next run.
 */
async function retryFailedLogos(trx: Knex.Transaction, names: string[]): Promise<number> {
  let forgotten = 0;
  for (const part of chunks([...new Set(names)])) {
    forgotten += await trx('companies')
      .whereIn('name', part)
      .whereNotNull('logo_failed_url')
      .update({ logo_failed_url: null });
  }
  return forgotten;
}

async function insertAudit(trx: Knex.Transaction, rows: Omit<CompanyAuditRow, 'id'>[]) {
  for (const part of chunks(rows, 100)) await trx('company_audit').insert(part);
}

/** The companies of these names (exactly as stored), by name. */
export async function companiesNamed(db: Db, names: string[]): Promise<Map<string, StoredCompany>> {
  const found = new Map<string, StoredCompany>();
  for (const part of chunks(names)) {
    const rows: Record<string, unknown>[] = await db('companies').whereIn('name', part);
    for (const row of rows) {
      const company = storedCompany(row);
      found.set(company.name, company);
    }
  }
  return found;
}

function storedCompany(row: Record<string, unknown>): StoredCompany {
  const details = {} as StoredCompany['details'];
  const setBy = {} as StoredCompany['setBy'];
  for (const field of COMPANY_FIELDS) {
    details[field] = clean(row[COLUMNS[field].value] as string | null);
    setBy[field] = (row[COLUMNS[field].setBy] as DetailsSetter | null) ?? null;
  }
  return { id: Number(row.id), name: String(row.name), details, setBy };
}

/**
 * A company's details and their history, for the admin screens: `jobs.companies` (the
 * `companies` and `company_audit` tables belong to the jobs domain). Writes that come with a job
 * go through `companyIds`; an admin approving a submission's details goes through `change`.
 */
export class Companies {
  constructor(
    private readonly db: Knex,
    private readonly changes: JobChanges,
  ) {}

  /** The companies of these names (as stored, trimmed), by name. */
  async named(names: string[], db: Db = this.db): Promise<Map<string, StoredCompany>> {
    return companiesNamed(db, [...new Set(names.map((name) => name.trim()))]);
  }

  /**
   * Set details of a company on the board, as `writer` may, in the caller's transaction
   * (applyDetails, whose arguments it takes); the public board shows the change once it commits.
   * Returns the details changed.
   */
  async change(...args: Parameters<typeof applyDetails>): Promise<CompanyField[]> {
    const changed = await applyDetails(...args);
    const [trx] = args;
    if (changed.length) await this.changes.record(trx);
    return changed;
  }

  // ---- their logos (logos/logo-service.ts fetches and stores them) ----------------------------

  /**
   * Companies with a logo address and no stored logo, whose address has not failed already (a
   * sync or an edit giving it again forgets the failure): at most `limit`, by id after `afterId`.
   */
  async logosToFetch(limit: number, afterId = 0): Promise<{ id: number; logoUrl: string }[]> {
    const rows: { id: number; logo_url: string }[] = await this.db('companies')
      .whereNotNull('logo_url')
      .where('logo_url', '<>', '')
      .whereNull('logo_hash')
      .where((query) =>
        query.whereNull('logo_failed_url').orWhereRaw('logo_failed_url <> logo_url'),
      )
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .select('id', 'logo_url');
    return rows.map((row) => ({ id: Number(row.id), logoUrl: row.logo_url }));
  }

  /**
   * The company now shows the stored logo `hash`, fetched from `logoUrl`: only if that is still
   * its address (an edit meanwhile wins). The public answers show it once this commits.
   */
  async setLogo(companyId: number, logoUrl: string, hash: string): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      const updated = await trx('companies')
        .where({ id: companyId, logo_url: logoUrl })
        .update({ logo_hash: hash, logo_failed_url: null });
      if (updated) await this.changes.record(trx);
      return updated > 0;
    });
  }

  /** The fetch of `logoUrl` failed: not tried again until a sync or an edit gives it again. */
  async logoFailed(companyId: number, logoUrl: string): Promise<void> {
    await this.db('companies')
      .where({ id: companyId, logo_url: logoUrl })
      .update({ logo_failed_url: logoUrl });
  }

  /**
   * A sync read these companies' logo addresses again (records unchanged included): the failed
   * ones are tried again after it commits.
   */
  async retryLogosOf(trx: Knex.Transaction, names: string[]): Promise<void> {
    if (
      await retryFailedLogos(
        trx,
        names.map((name) => name.trim()),
      )
    )
      await this.changes.record(trx);
  }

  /** Forget every failed logo fetch (`jobboard logos fetch --retry`); how many were forgotten. */
  async forgetLogoFailures(): Promise<number> {
    return this.db('companies').whereNotNull('logo_failed_url').update({ logo_failed_url: null });
  }

  /** Which of these stored logos some company shows (logo retention asks before deleting). */
  async logoHashesShown(hashes: string[]): Promise<Set<string>> {
    const shown = new Set<string>();
    for (const part of chunks(hashes)) {
      const rows: { logo_hash: string }[] = await this.db('companies')
        .whereIn('logo_hash', part)
        .distinct('logo_hash');
      for (const row of rows) shown.add(row.logo_hash);
    }
    return shown;
  }

  /** A company's name and the slug of its public page `/organizations/{slug}`, or undefined. */
  async pageOf(
    id: number,
    db: Db = this.db,
  ): Promise<{ id: number; name: string; slug: string | null } | undefined> {
    const row: { id: number; name: string; slug: string | null } | undefined = await db('companies')
      .where({ id })
      .first('id', 'name', 'slug');
    return row ? { id: Number(row.id), name: row.name, slug: row.slug ?? null } : undefined;
  }

  /** The company a job names (its id and name), in the caller's transaction; undefined: none. */
  async ofJob(jobId: number, db: Db = this.db): Promise<{ id: number; name: string } | undefined> {
    const row: { id: number; name: string } | undefined = await db('companies')
      .whereIn('id', db('jobs').where({ id: jobId }).select('company_id'))
      .first('id', 'name');
    return row ? { id: Number(row.id), name: row.name } : undefined;
  }

  /** The newest COMPANY_HISTORY_LIMIT changes of a job's company, oldest first. */
  async historyOfJob(jobId: number): Promise<CompanyAuditRow[]> {
    const rows: CompanyAuditRow[] = await this.db('company_audit')
      .whereIn('company_id', this.db('jobs').where({ id: jobId }).select('company_id'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(COMPANY_HISTORY_LIMIT);
    return rows.reverse();
  }

  /** The company changes that took a submission's values, oldest first. */
  async changesFromSubmission(submissionId: number, db: Db = this.db): Promise<CompanyAuditRow[]> {
    return db('company_audit')
      .where({ submission_id: submissionId })
      .orderBy('created_at')
      .orderBy('id');
  }
}
