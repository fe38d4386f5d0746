import { logoPath } from '@jobboard/contract/site';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { BackgroundRuns } from '../platform/background-runs';
import { LogoDecodes } from './logo-decodes';
import { LOGO_FETCH_DEFAULTS, type LogoFetchOptions } from './logo-fetch';
import { LogoService, type LogoRunReport } from './logo-service';
import { reencodeLogo } from './logo-image';
import { LogosRepository } from './logos-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** buildApp's `logoFetch` (tests): over LOGO_FETCH_DEFAULTS. */
    logoFetchOptions: Partial<LogoFetchOptions>;
    logos: {
      /** Fetch the logos waiting (logo-service.ts); `retryFailed`: those that failed too. */
      run(options?: { retryFailed?: boolean }): Promise<LogoRunReport>;
      /**
       * An employer's uploaded logo file (POST /api/logos): re-encoded (logo-image.ts; LogoRefused
       * when it is not a picture taken) in its turn among the decodes (LogosBusy when too many
       * wait) and stored; its hash.
       */
      storeUpload(bytes: Buffer): Promise<string>;
      /** The process's one queue of decodes, uploads' and fetches' (logo-decodes.ts). */
      decodes: LogoDecodes;
      /** Whether a logo of this hash is stored (in `db`, a transaction's, when given). */
      has(hash: string, db?: Knex): Promise<boolean>;
      /** Retention: uploads older than `before` (ms) that nothing names, deleted; how many. */
      deleteUnusedUploadsBefore(before: number, limit: number): Promise<number>;
      /** The stored logos, as /logos/<hash>.png serves them. */
      repository: LogosRepository;
      /** Settles once no background fetch is in flight: tests await it instead of sleeping. */
      idle(): Promise<void>;
    };
  }
}

/**
 * Company logos served from our own origin: after every committed change of jobs in this process
 * (an admin's edit, an approval's publication, a sync) the logos waiting are fetched in the
 * background, one run at a time (a change during a run asks for one more run after it), when
 * LOGO_FETCH is on. `jobboard logos fetch` runs the same work once.
 */
export default fp(
  async (app) => {
    const repository = new LogosRepository(app.db);
    const decodes = new LogoDecodes();
    const service = new LogoService(
      app.jobs.companies,
      repository,
      { ...LOGO_FETCH_DEFAULTS, ...app.logoFetchOptions },
      app.log,
      () => app.now(),
      (bytes) => decodes.fetched(() => reencodeLogo(bytes)),
    );
    const runs = new BackgroundRuns();
    let running = false;
    let again = false;
    let stopped = false;
    const loop = async () => {
      running = true;
      try {
        do {
          again = false;
          await service
            .run()
            .catch((error: unknown) => app.log.error({ err: error }, 'logo fetch run failed'));
        } while (again && !stopped);
      } finally {
        running = false;
      }
    };
    const nudge = () => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      runs.track(loop());
    };
    app.decorate('logos', {
      run: (options?: { retryFailed?: boolean }) => service.run(options),
      has: (hash: string, db?: Knex) => repository.has(hash, db),
      deleteUnusedUploadsBefore: async (before: number, limit: number) => {
        // One batch of old uploads; those a company shows or a submission names are kept.
        let deleted = 0;
        let after = '';
        for (;;) {
          const hashes = await repository.uploadsBefore(before, limit, after);
          if (!hashes.length) return deleted;
          after = hashes[hashes.length - 1]!;
          const shown = await app.jobs.companies.logoHashesShown(hashes);
          const named = await app.submissions.logoUrlsNamed(hashes.map(logoPath));
          const unused = hashes.filter((hash) => !shown.has(hash) && !named.has(logoPath(hash)));
          deleted += await repository.deleteUploads(unused, before);
          if (deleted >= limit || hashes.length < limit) return deleted;
        }
      },
      storeUpload: async (bytes: Buffer) => {
        const image = await decodes.upload(() => reencodeLogo(bytes));
        await repository.storeUpload(image, app.now());
        return image.hash;
      },
      decodes,
      repository,
      idle: () => runs.idle(),
    });
    if (!app.config.logoFetch) return;
    const unsubscribe = app.jobChanges.onChange(nudge);
    app.addHook('onClose', async () => {
      stopped = true;
      unsubscribe();
      await runs.idle();
    });
  },
  { name: 'logos', dependencies: ['config', 'db', 'jobs', 'submissions'] },
);
