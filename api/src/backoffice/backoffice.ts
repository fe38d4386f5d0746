import type {
  AdminEmail,
  AdminEmailPage,
  AdminEmailsQuery,
  AdminStats,
  AdminSubmissionsQuery,
  HistoryEntry,
} from '@jobboard/contract/admin';
import type { Knex } from 'knex';
import type { SecretLinks } from '../platform/http/secret-links';
import type { AlertsService } from '../alerts';
import type { ApplicationsUpkeep } from '../applications';
import type { AdminJobsView, Companies, JobViews } from '../jobs';
import type { JobStats } from '../job-stats';
import type { Outbox } from '../mail';
import type { PaymentsService } from '../payments';
import type { SubmissionsService } from '../submissions';
import type { SyncService } from '../sync';
import { listEmails, resendEmail } from './emails';
import { jobsCsv, submissionsCsv } from './exports';
import { jobHistory, submissionHistory } from './history';
import { dashboardNumbers } from './numbers';

/** What the back office reads, through the other domains' services. */
export interface BackofficeSources {
  db: Knex;
  jobs: Pick<JobViews, 'getJob' | 'auditOf' | 'adminView' | 'lifecycleCounts'>;
  companies: Pick<Companies, 'historyOfJob' | 'changesFromSubmission'>;
  submissions: Pick<SubmissionsService, 'load' | 'events' | 'view' | 'countPending'>;
  payments: Pick<PaymentsService, 'paidSince' | 'ofSubmissions'>;
  outbox: Pick<Outbox, 'page' | 'find' | 'requeueFailed' | 'ofSubmission'>;
  alerts: Pick<AlertsService, 'countConfirmed'>;
  applications: Pick<ApplicationsUpkeep, 'numbers'>;
  sync: Pick<SyncService, 'lastFinishedAt'>;
  jobStats: Pick<JobStats, 'totals' | 'boardDaily'>;
  /** Which links a given-up message's stored copy lost (the e-mail page's 'Resend'). */
  secretLinks: Pick<SecretLinks, 'lostFrom'>;
}

/** What one of its reads works with: the sources and the request's clock (each names its part). */
export type BackofficeContext = BackofficeSources & { now: Date };

/**
 * The admin's tools for a board of thousands of jobs (issue 16), over the other domains: CSV
 * exports, the timelines of a job and of a submission, the e-mail page and the dashboard's numbers.
 */
export class Backoffice {
  constructor(private readonly sources: BackofficeSources) {}

  private at(now: Date): BackofficeContext {
    return { ...this.sources, now };
  }

  jobHistory(jobId: number, now: Date): Promise<HistoryEntry[]> {
    return jobHistory(this.at(now), jobId);
  }

  submissionHistory(submissionId: number, now: Date): Promise<HistoryEntry[]> {
    return submissionHistory(this.at(now), submissionId);
  }

  jobsCsv(view: AdminJobsView, now: Date): Promise<string> {
    return jobsCsv(this.at(now), view);
  }

  submissionsCsv(view: AdminSubmissionsQuery): Promise<string> {
    return submissionsCsv(this.sources, view);
  }

  emails(query: AdminEmailsQuery): Promise<AdminEmailPage> {
    return listEmails(this.sources, query);
  }

  resendEmail(id: number, now: Date): Promise<AdminEmail> {
    return resendEmail(this.at(now), id);
  }

  numbers(now: Date): Promise<AdminStats> {
    return dashboardNumbers(this.at(now));
  }
}
