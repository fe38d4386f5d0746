import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../../jobs/job-audit';

/** The signed-in admin as a job's audit line names them. */
export function actorOf(request: FastifyRequest): AuditActor {
  const admin = request.admin;
  return { adminId: admin?.id ?? null, actor: admin ? `admin:${admin.username}` : 'system' };
}
