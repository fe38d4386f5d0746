import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';
import { ACKNOWLEDGEMENT_CAPS } from '../../acknowledgement-caps';

/** The employer's free submission (docs/product.md#calls: POST /api/submit-job-for-review). */
const submissionsRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    ENDPOINTS.submitJob,
    // The spam check (issue 45): a solved challenge and the honeypot empty, before anything is stored.
    { config: { rateLimit: app.config.rateLimits.submitJob } },
    async (request) => {
      const payload = request.body;
      const { id, status, skipped } = await app.submissions.submitForReview(payload, app.now());
      if (skipped) {
        request.log.warn(
          { submissionId: id, cap: skipped, caps: ACKNOWLEDGEMENT_CAPS },
          'submission acknowledgement skipped: cap reached',
        );
      }
      request.log.info({ submissionId: id }, 'job submitted for review');
      return { id: String(id), status };
    },
  );
};

export default submissionsRoutes;
