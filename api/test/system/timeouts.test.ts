import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Open a raw connection, send `text`, and collect what comes back until the server closes it. */
function talk(port: number, text: string): Promise<{ answer: string; closedAfterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
  });
}

describe('REQUEST_TIMEOUT_SECONDS', () => {
  it('defaults to 30 seconds and takes 1 to 600', () => {
    expect(loadConfig({}).requestTimeoutSeconds).toBe(30);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '5' }).requestTimeoutSeconds).toBe(5);
    for (const bad of ['0', '601', 'soon', '1.5']) {
      expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: bad })).toThrow(
        /REQUEST_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 600/,
      );
    }
  });
});

describe(`slow clients on ${testDatabase}`, () => {
  it('sets the server timeouts from the configuration', async () => {
    t = await buildTestApp();
    expect(t.app.server.requestTimeout).toBe(30_000);
    expect(t.app.server.timeout).toBe(60_000);
  });

  it('answers a request that never finishes arriving with 408 and closes it', async () => {
    t = await buildTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Headers that never end: the slow-loris pattern.
    const { answer, closedAfterMs } = await talk(port, 'GET /api/site HTTP/1.1\r\nHost: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('closes a connection that says nothing', async () => {
    t = await buildTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { closedAfterMs } = await talk(port, '');
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('still answers a whole request in time', async () => {
    t = await buildTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { answer } = await talk(
      port,
      'GET /api/site HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});
