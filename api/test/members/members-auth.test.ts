import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { FakeGhost, memberKey, signToken } from '../support/fake-ghost';
import { memberCookieOf, memberSignIn } from '../support/members';
import { buildTestApp, type TestApp } from '../support/test-app';

/**
 * Member sign-in with Ghost's identity token (issue 13), against a local Ghost key server with a
 * generated RS512 key: only a token signed by the site's current key, for the site's members API,
 * not expired, opens a session; everything else is refused with a clear message and no cookie.
 */

let ghost: FakeGhost;
let t: TestApp;
beforeAll(async () => {
  ghost = await FakeGhost.start();
});
afterAll(() => ghost.stop());
beforeEach(async () => {
  t = await buildTestApp({ env: { GHOST_URL: `${ghost.url}/` } });
  ghost.clock = t.clock;
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const nowSeconds = () => Math.floor(t.clock.now.getTime() / 1000);
const sessionRows = async () => Number((await t.db('member_sessions').count({ n: '*' }))[0]!.n);

/** Refused: 401 with the token message, no member cookie, no stored session. */
async function expectRefused(token: string) {
  const res = await memberSignIn(t, token);
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toEqual({ message: MEMBER_MESSAGES.tokenRefused });
  expect(memberCookieOf(res)).toBeUndefined();
  expect(await sessionRows()).toBe(0);
}

describe('member sign-in with a Ghost identity token', () => {
  it('says where to sign in: GET /api/site names the Ghost site (its trailing slash trimmed)', async () => {
    const res = await t.app.inject({ url: '/api/site' });
    expect(res.json().membershipUrl).toBe(ghost.url);
  });

  it('a valid token opens a member session: an httpOnly cookie only for /api/members', async () => {
    const res = await memberSignIn(t, ghost.token({ email: 'Reader@Example.org' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      member: { email: 'reader@example.org', name: null },
      bookmarks: { ids: [], removedIds: [] },
    });
    const cookie = res.cookies.find((c) => c.name === 'board.member')!;
    expect(cookie).toMatchObject({ path: '/api/members', httpOnly: true, sameSite: 'Lax' });
    const me = await t.app.inject({
      url: '/api/members/me',
      headers: { cookie: memberCookieOf(res)! },
    });
    expect(me.json()).toEqual({ email: 'reader@example.org', name: null });
    // Only a hash of the cookie's token is stored.
    const [row] = await t.db('member_sessions').select('token_hash');
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toBe(cookie.value);
  });

  it('the same e-mail signs in to the same member from any browser', async () => {
    await memberSignIn(t, ghost.token({ email: 'a@example.org' }));
    await memberSignIn(t, ghost.token({ email: 'A@example.org' }));
    expect(Number((await t.db('members').count({ n: '*' }))[0]!.n)).toBe(1);
    expect(await sessionRows()).toBe(2);
  });

  it('accepts the site key Ghost 5 makes (1024 bits) and a Ghost 6 site key (2048 bits)', async () => {
    expect(ghost.key.bits).toBe(1024);
    expect((await memberSignIn(t, ghost.token({ email: 'five@example.org' }))).statusCode).toBe(
      200,
    );
    const six = await FakeGhost.start({ bits: 2048 });
    const app = await buildTestApp({ env: { GHOST_URL: six.url } });
    six.clock = app.clock;
    try {
      const res = await memberSignIn(app, six.token({ email: 'six@example.org' }));
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await app.close();
      await six.stop();
    }
  });

  it('refuses a site key under 1024 bits, even one the site publishes', async () => {
    const weak = await FakeGhost.start({ bits: 768 });
    const app = await buildTestApp({ env: { GHOST_URL: weak.url } });
    weak.clock = app.clock;
    try {
      const res = await memberSignIn(app, weak.token());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MEMBER_MESSAGES.tokenRefused });
    } finally {
      await app.close();
      await weak.stop();
    }
  });

  it('a token signs in once: the same token again is refused, and opens no second session', async () => {
    const token = ghost.token({ email: 'once@example.org' });
    expect((await memberSignIn(t, token)).statusCode).toBe(200);
    const again = await memberSignIn(t, token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: MEMBER_MESSAGES.tokenSpent });
    expect(memberCookieOf(again)).toBeUndefined();
    expect(await sessionRows()).toBe(1);
    // Only the token's hash is kept, until the token expires.
    const [spent] = await t.db('spent_member_tokens').select('token_hash', 'expires_at');
    expect(spent.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(spent.expires_at)).toBe(JSON.parse(atob(token.split('.')[1]!)).exp * 1000);
  });

  it('a spent token spelled otherwise (padding, spare bits of its signature) is refused too (issue 43, finding 5)', async () => {
    const token = ghost.token({ email: 'respelled@example.org' });
    expect((await memberSignIn(t, token)).statusCode).toBe(200);
    const [head, body, signature] = token.split('.') as [string, string, string];
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The last character carries spare low bits when the signature's bytes do not fill it.
    const last = ALPHABET.indexOf(signature.at(-1)!);
    const spare = `${signature.slice(0, -1)}${ALPHABET[last ^ 1]}`;
    for (const variant of [`${token}=`, `${token}==`, `${head}.${body}.${spare}`]) {
      const again = await memberSignIn(t, variant);
      expect(again.statusCode, variant.slice(-8)).toBe(401);
      expect(memberCookieOf(again)).toBeUndefined();
    }
  });

  it('a refused sign-in spends nothing: a good token sent with bad bookmarks still works after', async () => {
    const token = ghost.token({ email: 'retry@example.org' });
    expect((await memberSignIn(t, token, ['not-an-id'])).statusCode).toBe(400);
    expect((await memberSignIn(t, token)).statusCode).toBe(200);
  });

  it('refuses the site key used with any algorithm but RS512 (RS256, PS512)', async () => {
    await expectRefused(ghost.token({ alg: 'RS256' }));
    await expectRefused(ghost.token({ alg: 'PS512' }));
  });

  it('refuses a token whose signed header names an extension it must understand (crit)', async () => {
    const [, payload, signature] = ghost.token().split('.');
    const header = Buffer.from(
      JSON.stringify({ alg: 'RS512', kid: ghost.key.kid, crit: ['b64'], b64: true }),
    ).toString('base64url');
    await expectRefused(`${header}.${payload}.${signature}`);
  });

  it('refuses a token signed by another key with the same kid', async () => {
    const foreign = memberKey();
    await expectRefused(ghost.token({ key: { ...foreign, kid: ghost.key.kid } }));
  });

  it('refuses a token signed by a foreign key with its own kid', async () => {
    await expectRefused(ghost.token({ key: memberKey() }));
  });

  it('refuses a token from another site (wrong iss) or for another site (wrong aud)', async () => {
    await expectRefused(ghost.token({ iss: 'https://evil.example/members/api' }));
    await expectRefused(ghost.token({ aud: 'https://evil.example/members/api' }));
    await expectRefused(ghost.token({ aud: `${ghost.url}/ghost/api/admin` }));
  });

  it('refuses an expired token, one issued in the future, and one without an expiry', async () => {
    await expectRefused(ghost.token({ iat: nowSeconds() - 1200, exp: nowSeconds() - 600 }));
    await expectRefused(ghost.token({ iat: nowSeconds() + 3600, exp: nowSeconds() + 4200 }));
    const claims = { sub: 'member@example.org', iss: ghost.membersApi, aud: ghost.membersApi };
    await expectRefused(signToken(claims, ghost.key));
  });

  it('refuses alg: none', async () => {
    const unsigned = new UnsecuredJWT({})
      .setSubject('member@example.org')
      .setIssuer(ghost.membersApi)
      .setAudience(ghost.membersApi)
      .setExpirationTime(nowSeconds() + 600)
      .encode();
    await expectRefused(unsigned);
  });

  it('refuses HS256 (signed with a secret, even the public key as the secret)', async () => {
    for (const secret of ['guessed-secret', JSON.stringify(ghost.key.publicJwk)]) {
      const hs = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', kid: ghost.key.kid })
        .setSubject('member@example.org')
        .setIssuer(ghost.membersApi)
        .setAudience(ghost.membersApi)
        .setExpirationTime(nowSeconds() + 600)
        .sign(new TextEncoder().encode(secret));
      await expectRefused(hs);
    }
  });

  it('refuses junk, and a token without an e-mail', async () => {
    await expectRefused('not-a-token');
    await expectRefused(ghost.token({ email: 'nobody' }));
    const missing = await memberSignIn(t, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(MEMBER_MESSAGES.tokenMissing);
  });

  it('without the CSRF header a sign-in is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/session',
      payload: { token: ghost.token() },
    });
    expect(res.statusCode).toBe(403);
  });

  it('fetches the keys again when a token names an unknown kid (Ghost rotated its key)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: t.clock.now });
    expect((await memberSignIn(t, ghost.token())).statusCode).toBe(200);
    const fetched = ghost.jwksRequests;
    // Cached: a second sign-in does not ask again.
    expect((await memberSignIn(t, ghost.token())).statusCode).toBe(200);
    expect(ghost.jwksRequests).toBe(fetched);

    ghost.rotate();
    // Past jose's cooldown (30 s between fetches), an unknown kid fetches the keys once more.
    t.clock.now = new Date(t.clock.now.getTime() + 31_000);
    vi.setSystemTime(t.clock.now);
    const res = await memberSignIn(t, ghost.token());
    expect(res.statusCode, res.body).toBe(200);
    expect(ghost.jwksRequests).toBe(fetched + 1);
  });
});

describe('the identity token never reaches the log', () => {
  it('not from /ghost-callback?token=..., a sign-in body, a refused or a replayed sign-in', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({
      env: { GHOST_URL: ghost.url, LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void lines.push(line) },
    });
    ghost.clock = logged.clock;
    try {
      const token = ghost.token({ email: 'logged@example.org' });
      const foreign = ghost.token({ key: memberKey() });
      await logged.app.inject(`/ghost-callback?token=${token}`);
      await logged.app.inject(`/ghost-callback?from=portal&token=${encodeURIComponent(token)}`);
      expect((await memberSignIn(logged, token, ['junk'])).statusCode).toBe(400);
      expect((await memberSignIn(logged, foreign)).statusCode).toBe(401);
      expect((await memberSignIn(logged, token)).statusCode).toBe(200);
      expect((await memberSignIn(logged, token)).statusCode).toBe(401);
      const log = lines.join('\n');
      expect(log).toContain('"url":"/ghost-callback?token=[redacted]"');
      expect(log).toContain('"url":"/ghost-callback?from=portal&token=[redacted]"');
      for (const secret of [token, foreign, token.split('.')[2]!, foreign.split('.')[2]!]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('when the Ghost key server cannot be reached', () => {
  it('a stopped key server gives a clear 503 message, not a 500, and no session', async () => {
    const gone = await FakeGhost.start();
    const app = await buildTestApp({ env: { GHOST_URL: gone.url } });
    gone.clock = app.clock;
    const token = gone.token();
    await gone.stop();
    try {
      const res = await memberSignIn(app, token);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: MEMBER_MESSAGES.membershipUnavailable });
      expect(memberCookieOf(res)).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('a key server that does not answer in GHOST_TIMEOUT_SECONDS gives the same message', async () => {
    const slow = await FakeGhost.start();
    slow.hang = true;
    const app = await buildTestApp({
      env: { GHOST_URL: slow.url },
      // A twentieth of a second: the sign-in gives up on the silent key server by itself.
      configure: (config) => void (config.ghost!.timeoutSeconds = 0.05),
    });
    slow.clock = app.clock;
    try {
      const res = await memberSignIn(app, slow.token());
      expect(slow.jwksRequests).toBe(1);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: MEMBER_MESSAGES.membershipUnavailable });
    } finally {
      await app.close();
      await slow.stop();
    }
  });

  it('a key server answering an error gives the same message', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(500).end('oops');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const app = await buildTestApp({ env: { GHOST_URL: url } });
    ghost.clock = app.clock;
    try {
      const res = await memberSignIn(app, ghost.token());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: MEMBER_MESSAGES.membershipUnavailable });
    } finally {
      await app.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('without GHOST_URL', () => {
  it('offers no sign-in: /api/site names no membership site and a token is refused plainly', async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.app.inject({ url: '/api/site' })).json().membershipUrl).toBeUndefined();
      const res = await memberSignIn(plain, ghost.token());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MEMBER_MESSAGES.notConfigured });
    } finally {
      await plain.close();
    }
  });
});

describe('GHOST_URL', () => {
  it('is kept without its trailing slash, a subfolder install included', () => {
    expect(loadConfig({ GHOST_URL: 'https://news.example.org/' }).ghost).toEqual({
      url: 'https://news.example.org',
      timeoutSeconds: 5,
      adminKey: null,
    });
    expect(loadConfig({ GHOST_URL: 'https://example.org/blog//' }).site.membershipUrl).toBe(
      'https://example.org/blog',
    );
    expect(loadConfig({}).ghost).toBeNull();
  });

  it('refuses what is not a plain http(s) address, and a bad timeout', () => {
    for (const bad of ['news.example.org', 'ftp://example.org', 'https://example.org/?x=1']) {
      expect(() => loadConfig({ GHOST_URL: bad })).toThrow(ConfigError);
    }
    expect(() =>
      loadConfig({ GHOST_URL: 'https://example.org', GHOST_TIMEOUT_SECONDS: '0' }),
    ).toThrow(/GHOST_TIMEOUT_SECONDS/);
  });
});
