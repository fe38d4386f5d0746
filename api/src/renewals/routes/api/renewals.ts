import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';

/**
 * /api/renewals/:token: the employer's renewal link (docs/product.md#renewals). The page shows the
 * listing, its end now and renewed and the price; checkout starts a Stripe Checkout Session; the
 * return page asks whether the payment arrived. Stripe's webhook renews (renewals/settle.ts).
 */
const renewalsRoutes: FastifyPluginAsync = async (app) => {
  const renewals = app.renewals;

  route(app, ENDPOINTS.renewalPage, {}, async (request) => renewals.page(request.params.token));

  route(
    app,
    ENDPOINTS.renewalCheckout,
    { config: { rateLimit: app.config.rateLimits.renewalCheckout } },
    async (request) => renewals.startCheckout(request.params.token, request.log),
  );

  route(app, ENDPOINTS.renewalStatus, {}, async (request) =>
    renewals.status(request.params.token, request.params.sessionId),
  );
};

export default renewalsRoutes;
