import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/**
 * @fastify/rate-limit, off by default: each route that needs a limit sets `config.rateLimit`
 * (submissions, login). Answers 429 with a JSON message the forms can show.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
