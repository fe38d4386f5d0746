import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { JOB_FORM_BODY_LIMIT } from '../../../../jobs';

/**
 * /api/employer/jobs/:id/proposal: the form of changes to a live job of the signed-in address,
 * proposing them (the body may be as large as the admin's job form: its lists), and withdrawing.
 */
const proposalRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.employerProposalForm, {}, async (request) =>
    app.proposals.form(request.employer!.email, Number(request.params.id), app.now()),
  );

  route(app, ENDPOINTS.employerPropose, { bodyLimit: JOB_FORM_BODY_LIMIT }, async (request) => {
    const saved = await app.proposals.propose(
      request.employer!.email,
      Number(request.params.id),
      request.body,
      app.now(),
    );
    request.log.info({ jobId: Number(request.params.id), outcome: saved.outcome }, 'proposal');
    return saved;
  });

  route(app, ENDPOINTS.employerWithdrawProposal, {}, async (request) =>
    app.proposals.withdraw(request.employer!.email, Number(request.params.id), app.now()),
  );
};

export default proposalRoutes;
