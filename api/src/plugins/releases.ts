import fp from 'fastify-plugin';
import { Releases } from '../site/releases';

declare module 'fastify' {
  interface FastifyInstance {
    /** The front-end builds and the configuration that picks the version of each app. */
    releases: Releases;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'releases',
      new Releases(app.config.releasesDir, app.config.remotesConfigFile, app.log),
    );
  },
  { name: 'releases', dependencies: ['config'] },
);
