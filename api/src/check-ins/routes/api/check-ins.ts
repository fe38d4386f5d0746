import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';

/**
 * /api/check-ins/:token: a still-hiring check-in's page (docs/product.md#still-hiring-check-ins).
 * The GET only reads (a mail scanner that opens the e-mail's link answers nothing); the page's
 * button POSTs the answer, limited per client.
 */
const checkInsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.checkIn, {}, async (request) =>
    app.checkIns.view(request.params.token, app.now()),
  );

  route(
    app,
    ENDPOINTS.answerCheckIn,
    { config: { rateLimit: app.config.rateLimits.answerCheckIn } },
    async (request) => {
      const answered = await app.checkIns.answer(
        request.params.token,
        request.body.answer,
        app.now(),
      );
      request.log.info({ answer: answered.answer }, 'still-hiring check-in answered');
      return answered;
    },
  );
};

export default checkInsRoutes;
