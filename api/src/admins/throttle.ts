import { ADMIN_MESSAGES, TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeGuessingEmail } from '../mail';
import { HttpError } from '../platform/http/http-error';
import { adminCreateCommand } from './first-admin';
import { CODE_GUESS_LIMIT, type CodeGuessAccount } from './login-throttle';

/** '45 seconds', '2 minutes': how long to wait, for the message. */
function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** 429 with Retry-After: the sign-in waits `retryAfterMs`, and `message` says so. */
function refuse(reply: FastifyReply, retryAfterMs: number, message: (wait: string) => string) {
  reply.header('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
  return new HttpError(429, message(waitText(retryAfterMs)));
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
  throw refuse(reply, decision.retryAfterMs, ADMIN_MESSAGES.signInPaused);
}

/** The admin whose sign-in is waiting for a code, as the code step knows them. */
export type CodeGuesser = CodeGuessAccount & { username: string };

/**
 * Count a one-time code of the sign-in step against the admin's account, from whatever address
 * (issue 43, finding 1: the pair alone let many addresses guess), before it is checked; or refuse
 * it with 429, `Retry-After` and a message that says how long and that recovery codes still work.
 * `startsBackOff`: if this code is wrong, the account's first wait starts (warnOfCodeGuessing).
 */
export async function countCodeGuess(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  admin: CodeGuesser,
): Promise<{ startsBackOff: boolean }> {
  const decision = await app.codeGuessLimit.attempt(admin, app.now().getTime());
  if (decision.allowed) return decision;
  request.log.warn(
    { username: admin.username, ip: request.ip },
    "admin code refused: the account's one-time codes are paused",
  );
  throw refuse(reply, decision.retryAfterMs, TWO_FACTOR_MESSAGES.codesPaused);
}

/**
 * Tell the board's admin address that an account's one-time codes are being guessed: once per
 * episode, when its first wait starts (CodeGuessLimit's `startsBackOff`), never per guess.
 */
export async function warnOfCodeGuessing(
  app: FastifyInstance,
  request: FastifyRequest,
  admin: CodeGuesser,
): Promise<void> {
  const { config } = app;
  const email = codeGuessingEmail({
    to: config.mail.adminEmail,
    username: admin.username,
    boardName: config.site.boardName,
    publicUrl: config.publicUrl,
    wrongCodes: CODE_GUESS_LIMIT.freeAttempts,
    address: request.ip,
    firstWaitMinutes: CODE_GUESS_LIMIT.baseDelayMs / 60_000,
    longestWaitMinutes: CODE_GUESS_LIMIT.maxDelayMs / 60_000,
    passwordCommand: adminCreateCommand(admin.username),
  });
  await app.outbox.enqueue(app.db, email, app.now());
  request.log.warn(
    { username: admin.username, ip: request.ip },
    "admin one-time codes paused after wrong guesses; the board's admin address is told",
  );
}
