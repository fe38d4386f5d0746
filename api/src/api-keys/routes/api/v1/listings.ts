import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync, onSendHookHandler } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { CACHED, sendCached } from '../../../../platform/plugins/public-cache';

/**
 * /api/v1/listings (issue 46, docs/http-api.md#integrators): an integrator's calls, with an API
 * key (integrator-area.ts: its scope checked, its calls counted per key). Reading answers the
 * public list itself, from the same cache; submitting is the board's submission, through the
 * same service as the form: the same checks, the same review and payment afterwards, with the
 * key recorded on it.
 */
const integratorListingsRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    ENDPOINTS.integratorListings,
    {
      ...CACHED,
      config: { rateLimit: app.config.rateLimits.integratorReads },
      onSend: nextPageHere,
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await app.publicReads.list(request.query.page, request.query.pageSize),
      ),
  );

  route(
    app,
    ENDPOINTS.integratorSubmitListing,
    { config: { rateLimit: app.config.rateLimits.integratorSubmissions } },
    async (request) => {
      const key = request.apiKey!;
      const { id, status } = await app.submissions.submitForReview(request.body, app.now(), {
        apiKeyId: key.id,
      });
      request.log.info(
        { submissionId: id, apiKey: key.name },
        'job submitted for review with an API key',
      );
      return { id: String(id), status };
    },
  );
};

/** The public list's `Link` to its next page, as this route's own next page. */
const nextPageHere: onSendHookHandler = (_request, reply, payload, done) => {
  const link = reply.getHeader('link');
  if (typeof link === 'string') {
    reply.header(
      'link',
      link.replace(`<${ENDPOINTS.jobList.path}?`, `<${ENDPOINTS.integratorListings.path}?`),
    );
  }
  done(null, payload);
};

export default integratorListingsRoutes;
