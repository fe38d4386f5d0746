import fp from 'fastify-plugin';
import Stripe from 'stripe';

declare module 'fastify' {
  interface FastifyInstance {
    /** The official Stripe client, or null when payments are not configured. */
    stripe: Stripe | null;
  }
}

export default fp(
  async (app) => {
    const config = app.config.stripe;
    app.decorate(
      'stripe',
      config
        ? new Stripe(config.secretKey, {
            ...(config.api ?? {}),
            // Our own idempotency keys make retries safe; one retry rides out a network blip. A
            // Stripe that hangs costs the payer two timeouts, then the page says to try again.
            maxNetworkRetries: 1,
            timeout: config.timeoutSeconds * 1000,
            telemetry: false,
          })
        : null,
    );
  },
  { name: 'stripe', dependencies: ['config'] },
);
