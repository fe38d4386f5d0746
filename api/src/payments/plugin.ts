import fp from 'fastify-plugin';
import Stripe from 'stripe';
import { PAY_LINK } from './payment-tokens';
import { PaymentsRepository } from './payments-repository';
import { PaymentsService } from './payments-service';
import { BillingRepository } from './billing/billing-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The official Stripe client, or null when payments are not configured. */
    stripe: Stripe | null;
    /** Pay links, Stripe Checkout and its webhook, publishing once paid (payments-service.ts). */
    payments: PaymentsService;
  }
}

/** The payments domain: the Stripe client (when configured) and the payments service. */
export default fp(
  async (app) => {
    const config = app.config.stripe;
    const stripe = config
      ? new Stripe(config.secretKey, {
          ...(config.api ?? {}),
          // Our own idempotency keys make retries safe; one retry rides out a network blip. A
          // Stripe that hangs costs the payer two timeouts, then the page says to try again.
          maxNetworkRetries: 1,
          timeout: config.timeoutSeconds * 1000,
          telemetry: false,
        })
      : null;
    app.decorate('stripe', stripe);
    app.secretLinks.register(PAY_LINK);
    app.decorate(
      'payments',
      new PaymentsService(
        {
          db: app.db,
          payments: new PaymentsRepository(),
          stripe,
          submissions: app.submissions,
          promoCodes: app.promoCodes,
          jobs: app.jobs,
          organizations: app.organizations,
          outbox: app.outbox,
          settings: app.settings,
          billing: new BillingRepository(),
        },
        {
          publicUrl: app.config.publicUrl,
          boardName: app.config.site.boardName,
          adminEmail: app.config.mail.adminEmail,
          jobsEmail: app.config.site.jobsEmail,
        },
      ),
    );
  },
  {
    name: 'payments',
    dependencies: [
      'config',
      'db',
      'submissions',
      'organizations',
      'promo-codes',
      'jobs',
      'mail',
      'settings',
    ],
  },
);
