import fp from 'fastify-plugin';
import { PaymentsRepository } from '../payments/payments-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** `payments` and the Stripe events applied (`processed_webhook_events`). */
    payments: PaymentsRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('payments', new PaymentsRepository());
  },
  { name: 'payments', dependencies: ['db'] },
);
