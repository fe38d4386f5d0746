import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * GET /api/human-proof/challenge (issue 45): a new challenge for a public form to solve. Never
 * stored by a cache (every /api path but the public reads is no-store), limited per client: each
 * costs the server one key derivation.
 */
const challengeRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    ENDPOINTS.humanProofChallenge,
    { config: { rateLimit: app.config.rateLimits.humanProofChallenge } },
    async () => app.humanProof.challenge(app.now()),
  );
};

export default challengeRoutes;
