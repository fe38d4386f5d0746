import type { SyncSource } from '@jobboard/contract/admin';
import type { JobField, Pay, WorkplaceType } from '@jobboard/contract/jobs';
import type { ApplyPatch } from './apply-fields';
import type { CompanyWriter } from './repositories/companies';

/**
 * Who owns a job row: an admin, a paid submission, the demo seed, or an external source: 'airtable'
 * and 'json-feed' (the re-sync, sync/), or 'sync' (bulk imports: the bench, tests).
 */
export type JobSource = 'admin' | 'submission' | 'sync' | 'demo' | SyncSource;

/**
 * Everything needed to write a job; the company is found or created by name. Its details
 * (description, website, logo) are what the write says about the company: they change a company
 * already on the board only as `companyBy` may (companies.ts; by default, as the job's source).
 */
export interface JobInput extends ApplyPatch {
  title: string;
  organization: string;
  companyDescription?: string;
  websiteUrl?: string;
  logoUrl?: string | null;
  companyBy?: CompanyWriter;
  description: string;
  jobType: string;
  /**
   * Where the job is done (issue 47) and the places it may be done from, as typed. Absent: as the
   * board read it before, remote when `remote` says so, else on-site (workplace-columns.ts).
   */
  workplaceType?: WorkplaceType;
  remotePlaces?: string | null;
  /** Whether it is remote, for a writer that knows only that (a bulk import, an older test). */
  remote: boolean;
  experienceLevel: string;
  /**
   * The pay (docs/product.md#pay), read already by the contract (payFromFields, readPay). A
   * blank currency is the board's (BOARD_CURRENCY), which the writer fills in.
   */
  pay: Pay;
  deadline?: string | null;
  postedDate: string;
  responsibilities?: string[];
  requirements?: string[];
  benefits?: string[];
  /** The link (a job that takes applications by link); the other apply fields: ApplyPatch. */
  applicationUrl?: string | null;
  via: string;
  featured: boolean;
  active: boolean;
  expiresAt?: Date | null;
  source: JobSource;
  externalId?: string | null;
  /** A synced job's fingerprint of its source record (sync/); null for every other job. */
  syncHash?: string | null;
  locations: string[];
  categories: string[];
}

/** A job a sync source made, as the next sync compares it with its record. */
export interface SyncedJob {
  id: number;
  externalId: string;
  syncHash: string | null;
  active: boolean;
  /** The fields an admin changed here: the sync leaves them as the admin set them. */
  adminFields: JobField[];
}

export type { JobPatch, StoredJob } from './job-patch';
