import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import type { AlertsRepository } from './alerts/alerts-repository';
import type { Dialect } from './db/knex';
import type { JobsService } from './jobs/jobs-service';
import type { PublicReads } from './jobs/public-reads';
import type { Outbox } from './mail/outbox';
import type { GhostTokenVerifier } from './members/ghost-token';
import type { MembersRepository } from './members/members-repository';
import type { PaymentsRepository } from './payments/payments-repository';
import type { PromoCodesRepository } from './promo-codes/promo-codes-repository';
import type { ListingCreditsRepository } from './submissions/listing-credits-repository';
import type { SubmissionsRepository } from './submissions/submissions-repository';
import type { JobSourceReader } from './sync/sources/source';
import type { SyncRepository } from './sync/sync-repository';

/**
 * What a domain service works with: the repositories, the settings it reads and one request's
 * clock and log. Routes get it from `app.serviceContext(request)` (plugins/service-context.ts);
 * a service names the part it uses (`Pick<ServiceContext, ...>`), so a test can hand it just that.
 */
export interface ServiceContext {
  /** The pool: services open their transactions on it. */
  db: Knex;
  dialect: Dialect;
  jobs: JobsService;
  publicReads: PublicReads;
  submissions: SubmissionsRepository;
  listingCredits: ListingCreditsRepository;
  promoCodes: PromoCodesRepository;
  payments: PaymentsRepository;
  outbox: Outbox;
  /** Job alerts (`job_alerts`). */
  alerts: AlertsRepository;
  members: MembersRepository;
  /** null when GHOST_URL is not set (member sign-in is off). */
  ghostTokens: GhostTokenVerifier | null;
  syncRuns: SyncRepository;
  /** The external job source of the re-sync; null when none is configured. */
  jobSource: JobSourceReader | null;
  /** null when Stripe is not configured (payments are then marked by hand). */
  stripe: Stripe | null;
  /** The app's clock, read once per request. */
  now: Date;
  publicUrl: string;
  boardName: string;
  /** Where the admins are told about new submissions and payments that need them. */
  adminEmail: string;
  log: FastifyBaseLogger;
}
