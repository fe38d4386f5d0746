import fp from 'fastify-plugin';
import { PromoCodes } from './promo-codes';
import { PromoCodesRepository } from './promo-codes-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Promo codes: the admins' list, a submission's check, a payment's redemption. */
    promoCodes: PromoCodes;
  }
}

export default fp(
  async (app) => {
    app.decorate('promoCodes', new PromoCodes(app.db, new PromoCodesRepository()));
  },
  { name: 'promo-codes', dependencies: ['db'] },
);
