import fp from 'fastify-plugin';
import { JobChangeListener } from '../job-change-listener';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * On PostgreSQL, this process's one listening connection, which drops the public cache as
     * soon as any process commits a job change (null on SQLite: one process).
     */
    jobChangeListener: JobChangeListener | null;
  }
}

/**
 * Several API processes on one PostgreSQL: each hears every job change through LISTEN/NOTIFY
 * (job-change-listener.ts) and drops its public cache at once, rather than when it next compares
 * the jobs version (every second). While the listener is connected the cache compares the
 * version only every 30 s, as a safety net; when the connection is lost (a database restart, a
 * killed backend) it compares every second again until the listener is back, and once at the
 * reconnect. SQLite has one writing process: nothing to hear.
 */
export default fp(
  async (app) => {
    const database = app.config.database;
    if (database.client !== 'postgres') {
      app.decorate('jobChangeListener', null);
      return;
    }
    let connected = false;
    let lost = false;
    const listener = new JobChangeListener({
      connectionString: database.connectionString,
      onNotice: (notice) => {
        const ours = notice.sender === app.jobChanges.sender;
        // Another process's change: public reads go to the primary until a replica has replayed
        // it (platform/db/read-replicas.ts), before the cache drops its answers, so no answer computed on a
        // replica from before the change is kept as current.
        if (!ours) app.readReplicas?.markChanged();
        // Only a wake-up: the cache reads the true version from the database (a forged notice,
        // whatever it says, can cost one read and never hold the cache stale).
        app.publicCache.changed().catch((error: unknown) => {
          app.log.warn({ err: error }, 'the jobs version could not be read after a notice');
        });
      },
      onConnected: () => {
        if (lost) app.log.info('job-change listener connected again');
        connected = true;
        // A database not migrated yet has no jobs version to compare (platform/plugins/schema.ts): nothing
        // is cached before it is, and the first read after the migration compares it.
        app
          .schemaCurrent()
          .then((current) => app.publicCache.listening(true, current))
          .catch((error: unknown) => {
            app.log.warn({ err: error }, 'the jobs version could not be read after reconnecting');
          });
      },
      onDisconnected: (error) => {
        void app.publicCache.listening(false);
        // Once per lost connection; the attempts that follow are only debug lines.
        if (connected) {
          connected = false;
          lost = true;
          app.log.warn(
            { err: error },
            'job-change listener disconnected: other processes\u2019 changes are polled every second until it reconnects',
          );
        } else app.log.debug({ err: error }, 'job-change listener could not connect');
      },
    });
    app.decorate('jobChangeListener', listener);
    app.addHook('onReady', async () => listener.start());
    app.addHook('onClose', async () => listener.close());
  },
  { name: 'job-change-listener', dependencies: ['config', 'schema', 'public-cache', 'jobs'] },
);
