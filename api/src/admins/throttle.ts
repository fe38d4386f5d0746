import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../platform/http/http-error';

/** '45 seconds', '2 minutes': how long to wait, for the message. */
function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Count one guess of a sign-in secret (a password, a one-time or a recovery code) for `username`
 * from the request's address, before it is checked, or refuse it with 429 and `Retry-After`. Every
 * secret counts on the same (username, address) pair of the app's LoginThrottle, and the pair is
 * cleared only when the sign-in is complete: a right password does not buy fresh code guesses.
 */
export async function countSignInAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
): Promise<void> {
  const decision = await app.loginThrottle.attempt(username, request.ip, app.now().getTime());
  if (decision.allowed) return;
  request.log.warn({ username, ip: request.ip }, 'admin sign-in refused: too many failures');
  reply.header('Retry-After', String(Math.ceil(decision.retryAfterMs / 1000)));
  throw new HttpError(
    429,
    `Too many failed attempts for this account from your address. Please wait ${waitText(decision.retryAfterMs)} and try again.`,
  );
}
