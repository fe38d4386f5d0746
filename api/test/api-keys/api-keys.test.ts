import { ADMIN_LIMITS, API_KEY_LIMITS, API_KEY_MESSAGES } from '@jobboard/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyHash } from '../../src/api-keys/api-key-format';
import { signedIn } from '../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * API keys (issue 46): an admin makes one with a name and scopes, sees the key once, then only
 * its start; only its hash is stored; a call with it is known, its last use recorded at most once
 * a minute, a revoked or unknown key refused with a clear 401, a key without the scope with 403.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const logLines: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (l) => void logLines.push(l) },
  });
  admin = await signedIn(t);
});
afterAll(() => t.close());

const create = (payload: object) => admin({ method: 'POST', url: '/api/admin/api-keys', payload });
const list = async () => (await admin({ method: 'GET', url: '/api/admin/api-keys' })).json();
/** The key of this id as the admin's list shows it. */
const listed = async (id: string) =>
  ((await list()) as { id: string; lastUsedAt: string | null }[]).find((key) => key.id === id)!;
const read = (key: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/listings',
    headers: { authorization: `Bearer ${key}` },
  });

describe(`API keys on ${testDatabase}`, () => {
  let key: string;
  let id: string;

  it('are made by an admin, named and scoped: the key shown once, its hash alone stored', async () => {
    const res = await create({
      name: '  Acme ATS  ',
      scopes: ['listings:submit', 'listings:read'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    key = created.key;
    id = created.apiKey.id;
    expect(key).toMatch(/^jb_live_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toEqual({
      id,
      name: 'Acme ATS',
      start: key.slice(0, 16),
      scopes: ['listings:read', 'listings:submit'],
      createdBy: 'alice',
      createdAt: t.clock.now.toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    const row = await t
      .db('api_keys')
      .where({ id: Number(id) })
      .first();
    expect(row.key_hash).toBe(keyHash(key));
    expect(JSON.stringify(row)).not.toContain(key);
    // Listed without the key; never in a log line either.
    expect(await listed(id)).toEqual(created.apiKey);
    expect(JSON.stringify(await list())).not.toContain(key);
    expect(logLines.join('\n')).not.toContain(key.slice(16));
  });

  it('stores a name and an admin at their widest (varchar 100 on PostgreSQL)', async () => {
    const name = 'n'.repeat(API_KEY_LIMITS.name);
    const made = await t.app.apiKeys.create(
      { name, scopes: ['listings:read'] },
      'u'.repeat(ADMIN_LIMITS.username),
      t.clock.now,
    );
    expect(made.apiKey).toMatchObject({ name, createdBy: 'u'.repeat(ADMIN_LIMITS.username) });
    const tooLong = await create({ name: `${name}n`, scopes: ['listings:read'] });
    expect(tooLong.json().fields).toEqual({ name: API_KEY_MESSAGES.name });
    await admin({ method: 'POST', url: `/api/admin/api-keys/${made.apiKey.id}/revoke` });
  });

  it("refuses a key without a name or scopes, in the contract's words", async () => {
    const res = await create({ name: ' ', scopes: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: API_KEY_MESSAGES.name,
      scopes: API_KEY_MESSAGES.scopes,
    });
    const unknown = await create({ name: 'x', scopes: ['listings:delete'] });
    expect(unknown.json().fields).toEqual({ scopes: API_KEY_MESSAGES.scopes });
  });

  it('authenticates a call and records its last use at most once a minute', async () => {
    const started = t.clock.now;
    expect((await read(key)).statusCode).toBe(200);
    expect((await listed(id)).lastUsedAt).toBe(started.toISOString());
    t.clock.now = new Date(started.getTime() + 59_000);
    expect((await read(key)).statusCode).toBe(200);
    expect((await listed(id)).lastUsedAt).toBe(started.toISOString());
    t.clock.now = new Date(started.getTime() + 60_000);
    expect((await read(key)).statusCode).toBe(200);
    expect((await listed(id)).lastUsedAt).toBe(t.clock.now.toISOString());
  });

  it('refuses a call without a key, with a key of another form, or one the board does not know (401)', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/listings' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json().message).toBe(API_KEY_MESSAGES.missing);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings',
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    expect(basic.json().message).toBe(API_KEY_MESSAGES.missing);
    for (const wrong of [
      'not-a-key',
      `${key.slice(0, -1)}x`,
      `${key.slice(0, 16)}${'A'.repeat(35)}`,
    ]) {
      const res = await read(wrong);
      expect(res.statusCode, wrong).toBe(401);
      expect(res.json().message).toBe(API_KEY_MESSAGES.unknown);
    }
  });

  it('refuses a key without the scope a route needs (403), naming the scope', async () => {
    const readOnly = (await create({ name: 'Partner site', scopes: ['listings:read'] })).json();
    expect((await read(readOnly.key)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/listings',
      headers: { authorization: `Bearer ${readOnly.key}` },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_KEY_MESSAGES.scope('listings:submit'));
  });

  it('are revoked by an admin: kept in the list, every call refused from then on (401, saying so)', async () => {
    t.clock.now = new Date('2026-11-22T12:05:00Z');
    const res = await admin({ method: 'POST', url: `/api/admin/api-keys/${id}/revoke` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().revokedAt).toBe('2026-11-22T12:05:00.000Z');
    const refused = await read(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(API_KEY_MESSAGES.revoked('2026-11-22'));
    const again = await admin({ method: 'POST', url: `/api/admin/api-keys/${id}/revoke` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(API_KEY_MESSAGES.alreadyRevoked);
    const missing = await admin({ method: 'POST', url: '/api/admin/api-keys/9999/revoke' });
    expect(missing.statusCode).toBe(404);
    expect((await list()).find((each: { id: string }) => each.id === id).revokedAt).not.toBeNull();
  });
});
