import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF } from './admin';
import type { TestApp } from './test-app';

export const MEMBER_COOKIE = 'board.member';

/** `POST /api/members/session` with a token (and this browser's bookmarks). */
export function memberSignIn(t: TestApp, token: string, bookmarks?: unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/members/session',
    headers: CSRF,
    payload: { token, ...(bookmarks ? { bookmarks } : {}) },
  });
}

/** The member cookie a response set, as a Cookie header value; undefined when it set none. */
export function memberCookieOf(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === MEMBER_COOKIE && c.value);
  return cookie && `${MEMBER_COOKIE}=${cookie.value}`;
}

/** A request function that sends this member's cookie and the CSRF header. */
export function asMember(t: TestApp, cookie: string) {
  return (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...CSRF, cookie, ...(options.headers ?? {}) } });
}

/** Sign in with a token; returns the cookie (throws when refused). */
export async function signedInMember(t: TestApp, token: string, bookmarks?: unknown[]) {
  const res = await memberSignIn(t, token, bookmarks);
  const cookie = memberCookieOf(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`member sign-in failed: ${res.body}`);
  return { cookie, res, as: asMember(t, cookie) };
}
