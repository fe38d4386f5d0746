import fp from 'fastify-plugin';
import { SettingsRepository } from './settings-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The admins' settings (settings-repository.ts). */
    settings: SettingsRepository;
  }
}

/** The admins' settings (issue 30: the employers' typo fixes without review). */
export default fp(
  async (app) => {
    app.decorate('settings', new SettingsRepository());
  },
  { name: 'settings', dependencies: ['db', 'schema'] },
);
