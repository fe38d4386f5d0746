import { NEWSLETTER_LIMITS } from '@jobboard/contract/admin';
import fp from 'fastify-plugin';
import { runPeriodically } from '../platform/periodic-runner';
import { GhostAdmin } from './ghost-admin';
import { NewsletterRepository } from './newsletter-repository';
import { NewsletterService } from './newsletter-service';
import { runWeeklyDraft, type WeeklyDraftReport } from './weekly-draft';

declare module 'fastify' {
  interface FastifyInstance {
    /** The newsletter block sent to Ghost as a draft (newsletter-service.ts). */
    newsletter: NewsletterService & {
      /** One look at the weekly schedule now (the scheduler's run; tests call it). */
      runWeeklyDraft(): Promise<WeeklyDraftReport>;
      /** Settles once the scheduler has no run in flight: tests await it. */
      idle(): Promise<void>;
    };
  }
}

/**
 * The newsletter (issue 44): the block of the week's jobs, sent to the publication's Ghost as a
 * draft through its Admin API (GHOST_URL and GHOST_ADMIN_API_KEY), by an admin, by `jobboard
 * newsletter draft` or by the weekly schedule, which every process looks at each
 * NEWSLETTER_DRAFT_INTERVAL_MINUTES (and at start; off at 0): a lease and the week's slot let one
 * draft be made per week however many processes look.
 */
export default fp(
  async (app) => {
    const { ghost } = app.config;
    const repository = new NewsletterRepository();
    const service = new NewsletterService({
      db: app.db,
      repository,
      jobs: app.jobViews,
      submissions: app.submissions,
      renewals: app.renewals,
      ghost: ghost?.adminKey
        ? new GhostAdmin({
            url: ghost.url,
            key: ghost.adminKey,
            timeoutMs: NEWSLETTER_LIMITS.ghostTimeoutSeconds * 1000,
          })
        : null,
      ghostUrl: ghost?.url ?? null,
      publicUrl: app.config.publicUrl,
      boardName: app.config.site.boardName,
    });
    const weeklyDraft = async () => {
      const report = await runWeeklyDraft(
        { db: app.db, repository, newsletter: service },
        app.now(),
      );
      if (report.outcome === 'failed') app.log.warn({ report }, 'weekly newsletter draft not made');
      return report;
    };
    const scheduler = runPeriodically(app, {
      name: 'weekly newsletter draft',
      everyMs: app.config.newsletterDraftIntervalMinutes * 60_000,
      run: weeklyDraft,
      atStart: true,
    });
    app.decorate(
      'newsletter',
      Object.assign(service, { runWeeklyDraft: weeklyDraft, idle: () => scheduler.idle() }),
    );
  },
  {
    name: 'newsletter',
    dependencies: ['config', 'db', 'schema', 'jobs', 'submissions', 'renewals'],
  },
);
