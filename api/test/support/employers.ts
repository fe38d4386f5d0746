import { emailKey } from '@jobboard/contract/common';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { CSRF } from './admin';
import type { TestApp } from './test-app';
import { injectWithProof } from './human-proof';

/** The employers' session cookie a response set, as a Cookie header value. */
export function employerCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'board.employer.sid');
  if (!cookie) throw new Error(`no employer session cookie in ${res.statusCode} ${res.body}`);
  return `board.employer.sid=${cookie.value}`;
}

/** POST /api/employer/sign-in-link for an address. */
export const askForLink = (t: TestApp, email: string, headers: Record<string, string> = {}) =>
  injectWithProof(t.app, {
    method: 'POST',
    url: '/api/employer/sign-in-link',
    payload: { email },
    headers: { ...CSRF, ...headers },
  });

/** The token of the newest sign-in link the outbox holds for an address. */
export async function newestLinkToken(t: TestApp, email: string): Promise<string> {
  const row = await t
    .db('outbox')
    .where({ template: 'employer-sign-in' })
    .andWhereRaw('lower(to_address) = ?', [emailKey(email)])
    .orderBy('id', 'desc')
    .first();
  expect(row, `no sign-in link for ${email}`).toBeDefined();
  const match = /\/employer\/sign-in\?token=([A-Za-z0-9_-]+)/.exec(String(row.text_body));
  expect(match).not.toBeNull();
  return match![1]!;
}

/** POST /api/employer/session with a token. */
export const signInWith = (t: TestApp, token: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/employer/session',
    payload: { token },
    headers: CSRF,
  });

/**
 * An employer signed in through the link e-mailed to `email`: a request function that sends the
 * employer's cookie and the CSRF header.
 */
export async function signedInEmployer(t: TestApp, email: string) {
  const asked = await askForLink(t, email);
  expect(asked.statusCode, asked.body).toBe(202);
  const res = await signInWith(t, await newestLinkToken(t, email));
  expect(res.statusCode, res.body).toBe(200);
  const cookie = employerCookie(res);
  return (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...CSRF, cookie, ...(options.headers ?? {}) } });
}
