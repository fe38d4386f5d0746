import fp from 'fastify-plugin';
import { runPeriodically } from '../platform/periodic-runner';
import { JobStats } from './job-stats';
import { JobStatsRepository } from './job-stats-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Views and apply clicks per job and day (job-stats.ts). */
    jobStats: JobStats;
  }
}

/** Counts are written once a second while they come (or sooner, at JOB_STATS_MAX_BUFFERED). */
export const JOB_STATS_FLUSH_MS = 1_000;
/**
 * Counts buffered at most before a write: a bound on the buffer's memory (about 100 bytes a
 * count, some 5 MB) that only tens of thousands of different visitors a second reach. Not
 * smaller: a batch of a few hundred writes nearly a page of the visitors' index for each row
 * (job-stats.ts).
 */
export const JOB_STATS_MAX_BUFFERED = 50_000;
/** How often a process rolls up the days that ended (and at start). */
const ROLL_UP_EVERY_MS = 60 * 60_000;

/**
 * The numbers that show a listing worked: the buffer of counts, written in batches and on close,
 * and the roll-up of past days (hourly and at start, in every process: safe at once, see
 * JobStats.rollUp), which deletes the days' visitor hashes and salts.
 */
export default fp(
  async (app) => {
    const stats = new JobStats(
      app.db,
      new JobStatsRepository(),
      { flushMs: JOB_STATS_FLUSH_MS, maxBuffered: JOB_STATS_MAX_BUFFERED },
      app.log,
    );
    app.decorate('jobStats', stats);

    const rollUps = runPeriodically(app, {
      name: 'job stats roll-up',
      everyMs: ROLL_UP_EVERY_MS,
      run: () => stats.rollUp(app.now()),
      atStart: true,
    });
    app.addHook('onClose', async () => {
      await rollUps.stop();
      await stats.close();
    });
  },
  { name: 'job-stats', dependencies: ['config', 'db', 'schema'] },
);
