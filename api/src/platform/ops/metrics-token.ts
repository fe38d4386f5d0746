import { timingSafeEqual } from 'node:crypto';

/**
 * The one check of the operators' token (METRICS_TOKEN): whether a request's Authorization header
 * is `Bearer <token>`, compared in constant time. GET /metrics answers only such a request, and
 * GET /readyz gives its details (replicas, migrations, what is wrong) only to one. With no token
 * configured no request carries it.
 */
export function carriesMetricsToken(
  authorization: string | undefined,
  token: string | null,
): boolean {
  if (token === null) return false;
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
