import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

export const ADMIN = { username: 'alice', password: 'correct horse battery staple' };
export const CSRF = { 'x-requested-with': 'fetch' };

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'board.sid');
  if (!cookie) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `board.sid=${cookie.value}`;
}

export async function createAdmin(t: TestApp, admin = ADMIN) {
  await t.app.admins.save(admin.username, admin.password, t.clock.now);
}

export function login(t: TestApp, body: unknown = ADMIN, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: body as object,
    headers: { ...CSRF, ...headers },
  });
}

/**
 * An admin signed in: returns a request function that sends the session cookie and CSRF header
 * (and `headers` with every request: an https site's tests send its proxy's headers, or the
 * Secure cookie is not set).
 */
export async function signedIn(t: TestApp, headers: Record<string, string> = {}) {
  await createAdmin(t);
  const res = await login(t, ADMIN, headers);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const cookie = sessionCookie(res);
  return (options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: { ...CSRF, ...headers, cookie, ...(options.headers ?? {}) },
    });
}
