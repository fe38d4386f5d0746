import { HUMAN_PROOF_MESSAGES, type HumanProofBody } from '@jobboard/contract/common';
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../platform/http/http-error';
import { runPeriodically } from '../platform/periodic-runner';
import { Challenges } from './challenges';
import { HumanProofService } from './human-proof-service';
import { SpentProofsRepository } from './spent-proofs-repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The spam check on a public form's route (issue 45; docs/http-api.md#spam-check): its JSON
     * body's `humanProof` must be a solved challenge of this board's, within its time and sent
     * once, and its honeypot `website` empty; else 400 with HUMAN_PROOF_MESSAGES.refused, before
     * the handler runs. A route that reads its own body (multipart) calls
     * `app.humanProof.require(request, fields)` instead, once it has the fields.
     */
    humanProof?: boolean;
  }
  interface FastifyInstance {
    /** The spam check (human-proof/human-proof-service.ts) and its refusal as an HTTP error. */
    humanProof: HumanProofService & {
      /**
       * The check of `fields`; throws the 400 a refused form gets (and logs why). `pageProofs`:
       * a proof the server made for a form drawn without JavaScript is taken (pageProof).
       */
      require(
        request: FastifyRequest,
        fields: Partial<HumanProofBody> | undefined,
        options?: { pageProofs?: boolean },
      ): Promise<void>;
    };
  }
}

/** How often the spent solutions whose challenges have ended are removed. */
const PURGE_EVERY_MS = 15 * 60_000;

/**
 * The spam check with no third party (issue 45): challenges signed with HUMAN_PROOF_SECRET
 * (every process the same key, so any process verifies what another issued), solutions spent in
 * `human_proof_spent`, and `config.humanProof` on a route to require it. The purge needs no lease:
 * deleting rows past their end is the same work whoever does it, as the rate limits' purge.
 */
export default fp(
  async (app) => {
    const { secret, previous } = app.config.humanProof;
    const service = new HumanProofService(
      new Challenges(secret, previous),
      new SpentProofsRepository(app.db),
    );
    const require = async (
      request: FastifyRequest,
      fields: Partial<HumanProofBody> | undefined,
      options: { pageProofs?: boolean } = {},
    ) => {
      const verdict = await service.check(fields, app.now(), options);
      if (verdict.ok) return;
      request.log.info({ reason: verdict.reason }, 'form refused by the spam check');
      throw new HttpError(400, HUMAN_PROOF_MESSAGES.refused);
    };
    app.decorate('humanProof', Object.assign(service, { require }));

    app.addHook('onRoute', (routeOptions) => {
      if (!routeOptions.config?.humanProof) return;
      // After the body is read and checked by the route's struct: a body that is no form at all
      // gets its fields' messages, and spends no solution.
      const hook: preHandlerHookHandler = async (request) =>
        require(request, request.body as Partial<HumanProofBody> | undefined);
      routeOptions.preHandler = [routeOptions.preHandler ?? []].flat().concat(hook);
    });

    runPeriodically(app, {
      name: 'human proof purge',
      everyMs: PURGE_EVERY_MS,
      run: () => service.purge(app.now()),
      failureLevel: 'warn',
    });
  },
  { name: 'human-proof', dependencies: ['config', 'db', 'schema'] },
);
