import fp from 'fastify-plugin';
import { Settings } from './settings';
import { SettingsRepository } from './settings-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The admins' settings (settings.ts). */
    settings: Settings;
  }
}

/** The admins' settings (issue 30: the employers' typo fixes without review). */
export default fp(
  async (app) => {
    app.decorate('settings', new Settings(app.db, new SettingsRepository()));
  },
  { name: 'settings', dependencies: ['db', 'schema'] },
);
