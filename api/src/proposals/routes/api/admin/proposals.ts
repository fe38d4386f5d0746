import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** /api/admin/proposals: the employers' pending proposals, each approved or rejected. */
const adminProposalRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminProposals, {}, async () => app.proposals.pending(app.now()));

  route(app, ENDPOINTS.approveProposal, {}, async (request) => {
    const answer = await app.proposals.approve(request.params.id, request.admin, app.now());
    request.log.info({ proposalId: request.params.id, admin: request.admin?.username }, 'approved');
    return answer;
  });

  route(app, ENDPOINTS.rejectProposal, {}, async (request) => {
    const answer = await app.proposals.reject(
      request.params.id,
      request.body.reason,
      request.admin,
      app.now(),
    );
    request.log.info({ proposalId: request.params.id, admin: request.admin?.username }, 'rejected');
    return answer;
  });
};

export default adminProposalRoutes;
