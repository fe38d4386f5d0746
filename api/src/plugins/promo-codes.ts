import fp from 'fastify-plugin';
import { PromoCodesRepository } from '../promo-codes/promo-codes-repository';

declare module 'fastify' {
  interface FastifyInstance {
    promoCodes: PromoCodesRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('promoCodes', new PromoCodesRepository());
  },
  { name: 'promo-codes', dependencies: ['db'] },
);
