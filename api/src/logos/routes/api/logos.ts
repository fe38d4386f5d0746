import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { logoPath } from '@jobboard/contract/site';
import {
  LOGO_UPLOAD_MAX_BYTES,
  LOGO_UPLOAD_MESSAGES,
  LOGO_UPLOAD_TYPES,
} from '@jobboard/contract/submissions';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';
import { HttpError } from '../../../platform/http/http-error';
import { LOGO_BUSY_RETRY_AFTER_SECONDS, LogosBusy } from '../../logo-decodes';
import { LogoRefused, type LogoRefusalReason } from '../../logo-fetch';

/** What each refusal of the re-encoding tells the employer (the contract's words). */
const REFUSED: Partial<Record<LogoRefusalReason, string>> = {
  svg: LOGO_UPLOAD_MESSAGES.svg,
  tooManyPixels: LOGO_UPLOAD_MESSAGES.tooManyPixels,
};

/**
 * POST /api/logos: the submission form's logo file (issue 30). The body is the file's bytes as
 * they are (one of the contract's image types; a plugin of its own so that here only they stay
 * raw), at most LOGO_UPLOAD_MAX_BYTES; rate-limited with the submissions' figures.
 * The bytes are re-encoded by logo-image.ts as a synced logo is (its content decides what it is:
 * a text file named .png, an SVG or too many pixels is refused) and stored by hash; the answer is
 * its path, which the submission's `logoUrl` then carries. An upload no submission names is
 * shown on no job. Decodes take turns (logo-decodes.ts): with too many uploads in line already,
 * 503 with Retry-After, try again.
 */
const logoUploadRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    [...LOGO_UPLOAD_TYPES],
    { parseAs: 'buffer', bodyLimit: LOGO_UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  route(
    app,
    ENDPOINTS.uploadLogo,
    {
      bodyLimit: LOGO_UPLOAD_MAX_BYTES,
      config: { rateLimit: app.config.rateLimits.uploadLogo },
      // Fastify's own refusals of the body, in the contract's words; any other error goes on to
      // the app's handler.
      errorHandler(error: FastifyError, _request, reply) {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply.status(413).send({ message: LOGO_UPLOAD_MESSAGES.tooLarge });
        }
        if (
          error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
          error.code === 'FST_ERR_CTP_EMPTY_TYPE'
        ) {
          return reply.status(415).send({ message: LOGO_UPLOAD_MESSAGES.type });
        }
        throw error;
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new HttpError(415, LOGO_UPLOAD_MESSAGES.type);
      }
      try {
        const hash = await app.logos.storeUpload(request.body);
        request.log.info({ logoHash: hash }, 'logo uploaded');
        return { logo: logoPath(hash) };
      } catch (error) {
        if (error instanceof LogosBusy) {
          request.log.warn('logo upload refused: too many decodes waiting');
          reply.header('Retry-After', String(LOGO_BUSY_RETRY_AFTER_SECONDS));
          throw new HttpError(503, LOGO_UPLOAD_MESSAGES.busy);
        }
        if (!(error instanceof LogoRefused)) throw error;
        request.log.info({ reason: error.message }, 'logo upload refused');
        throw new HttpError(400, REFUSED[error.reason] ?? LOGO_UPLOAD_MESSAGES.notImage);
      }
    },
  );
};

export default logoUploadRoutes;
