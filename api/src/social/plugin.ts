import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import type { SocialChannel } from '@jobboard/contract/jobs';
import { runPeriodically } from '../platform/periodic-runner';
import { BlueskyNetwork } from './networks/bluesky';
import { MastodonNetwork } from './networks/mastodon';
import type { Network } from './networks/network';
import { WebhookNetwork } from './networks/webhook';
import { SocialRepository } from './social-repository';
import { SocialSender, type SocialRunReport } from './social-sender';
import { SocialService } from './social-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Social posting (social-service.ts), with its sender. */
    social: SocialService & {
      /** One run of the sender now (tests, and `jobboard social send`). */
      send(): Promise<SocialRunReport>;
      /** Settles once the background sender has no run in flight: tests await it. */
      idle(): Promise<void>;
    };
  }
}

/**
 * Social posting (issue 44, docs/product.md#social-posting): new listings queued on each channel that
 * is on, in the transaction that makes them live (the jobs' listeners), and sent by a background
 * sender every SOCIAL_POLL_SECONDS (and at start, and once a transaction that queued one has
 * committed), under a lease so one process sends at a time; off at 0.
 */
export default fp(
  async (app) => {
    const { social } = app.config;
    const now = () => app.now();
    const limits = { timeoutMs: social.timeoutSeconds * 1000, now };
    const networks: Partial<Record<SocialChannel, Network>> = {
      ...(social.bluesky ? { bluesky: new BlueskyNetwork(social.bluesky, limits) } : {}),
      ...(social.mastodon ? { mastodon: new MastodonNetwork(social.mastodon, limits) } : {}),
      ...(social.webhook ? { webhook: new WebhookNetwork(social.webhook, limits) } : {}),
    };
    const repository = new SocialRepository(app.db);
    const sender = new SocialSender({
      repository,
      networks,
      listings: app.liveListings,
      publicUrl: app.config.publicUrl,
      webhookFormat: social.webhook?.format ?? 'slack',
      log: app.log,
      now,
    });
    const sending = runPeriodically(app, {
      name: 'social posts run',
      everyMs: social.pollSeconds * 1000,
      run: async () => {
        const report = await sender.run();
        if (report.posted || report.removed || report.failed)
          app.log.info(report, 'social posts sent');
      },
      atStart: true,
    });
    const service = new SocialService({
      db: app.db,
      repository,
      listings: app.liveListings,
      config: social,
      publicUrl: app.config.publicUrl,
      wake: () => sending.runNow(),
    });
    app.jobs.onListingsChanged((trx, jobIds, at) => service.listingsChanged(trx, jobIds, at));
    app.decorate(
      'social',
      Object.assign(service, { send: () => sender.run(), idle: () => sending.idle() }),
    );
    new Gauge({
      name: 'jobboard_social_posts',
      aggregator: 'max',
      help: 'Posts to the channels waiting to go out (pending) or to be deleted (removing), and given up on (failed, remove_failed).',
      labelNames: ['status'] as const,
      registers: [app.metrics.registry],
      async collect() {
        const counts = await app.metrics.read('social', () => repository.backlog());
        for (const status of ['pending', 'failed', 'removing', 'remove_failed'] as const) {
          this.set({ status }, counts?.[status] ?? Number.NaN);
        }
      },
    });
    app.addHook('onClose', async () => {
      sender.stop();
      await sending.stop();
    });
  },
  { name: 'social', dependencies: ['config', 'db', 'schema', 'ops', 'jobs'] },
);
