import type { Job } from '@jobboard/contract/jobs';
import fp from 'fastify-plugin';
import { applyTargetOf } from '../jobs';
import { NotFound } from '../platform/domain-errors';
import { databaseLimiter } from '../platform/plugins/rate-limit';
import { ApplicationsRepository } from './applications-repository';
import { ApplicationsService, RESUME_ATTACHMENT } from './applications-service';
import { InboxService } from './inbox-service';
import { APPLICATION_WITHDRAW_LINK } from './withdraw-links';

declare module 'fastify' {
  interface FastifyInstance {
    /** Applications taken on the board (applications-service.ts). */
    applications: ApplicationsService;
    /** The employers' applicant inbox (inbox-service.ts). */
    applicationInbox: InboxService;
  }
}

/**
 * Applying on the board (issue 42): the applicant's form (the dialog's POST and the page drawn
 * without JavaScript), the withdrawal link, the résumé as the outbox attaches it, and the
 * employer's inbox (its routes are the employer area's, and the admins' résumé download).
 */
export default fp(
  async (app) => {
    app.secretLinks.register(APPLICATION_WITHDRAW_LINK);
    const limits = app.config.rateLimits;
    const limiter = (keyPrefix: string, limit: { max: number; windowMinutes: number }) =>
      databaseLimiter(app.db, app.dialect, {
        keyPrefix,
        points: limit.max,
        durationSeconds: limit.windowMinutes * 60,
      });
    const repository = new ApplicationsRepository();
    const service = new ApplicationsService(
      {
        db: app.db,
        applications: repository,
        outbox: app.outbox,
        publicJob: async (id) =>
          JSON.parse((await app.publicReads.job(id)).bytes.toString('utf8')) as Job,
        applyTarget: (id) => applyTargetOf(app.db, id),
        submissionOf: (id) => app.submissions.ofJob(app.db, id),
        notifyOf: (employerKey) => repository.notifyOf(app.db, employerKey),
        perAddress: limiter('applications-address', limits.applicationsPerAddress),
        perJob: limiter('applications-job', limits.applicationsPerJob),
      },
      { publicUrl: app.config.publicUrl, boardName: app.config.site.boardName },
    );
    app.mailAttachments.register(RESUME_ATTACHMENT, (id) => service.attachment(id));
    app.decorate('applications', service);
    app.decorate(
      'applicationInbox',
      new InboxService({
        db: app.db,
        applications: repository,
        outbox: app.outbox,
        employersJob: (email, jobId) => app.submissions.ofContactsJob(email, jobId),
        job: async (jobId, now) => {
          try {
            return await app.jobViews.getJob(jobId, now);
          } catch (error) {
            if (error instanceof NotFound) return undefined;
            throw error;
          }
        },
      }),
    );
  },
  {
    name: 'applications',
    dependencies: ['config', 'db', 'schema', 'jobs', 'submissions', 'mail'],
  },
);
