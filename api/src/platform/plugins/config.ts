import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The current time; tests replace it to move through deadlines and expiry. */
    now(): Date;
  }
}

export interface ConfigPluginOptions {
  config: Config;
  now?: () => Date;
}

export default fp<ConfigPluginOptions>(
  async (app, { config, now }) => {
    app.decorate('config', config);
    app.decorate('now', now ?? (() => new Date()));
  },
  { name: 'config' },
);
