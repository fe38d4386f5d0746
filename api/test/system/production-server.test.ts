import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import type { DatabaseConfig } from '../../src/platform/config';
import { createKnex } from '../../src/platform/db/knex';
import { ApiProcess, processProof } from '../support/api-process';
import { freshDatabase, testDatabase } from '../support/test-app';

/**
 * The production server: the build in dist/ run by plain `node` (no tsx), as `pnpm start` runs it,
 * and its graceful stop: on SIGTERM it stops taking connections, finishes the requests in flight,
 * closes the database and exits 0.
 */

let database: DatabaseConfig;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await freshDatabase());
});
afterAll(() => dispose());

describe(`the production server on ${testDatabase}`, () => {
  let server: ApiProcess;
  afterAll(() => server?.stop('SIGKILL'));

  it('starts from the build with plain node and answers /healthz and /readyz', async () => {
    // Info lines in its log: the test below waits for them rather than for a time.
    server = await ApiProcess.start({ database, env: { LOG_LEVEL: 'info' } });
    const argv = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(argv[0]).toBe(process.execPath);
    expect(argv.slice(1)).toEqual(['--enable-source-maps', 'dist/server.js']);

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    // It migrated the database on start, and serves the API from it.
    expect((await fetch(`${server.url}/api/jobs`)).status).toBe(200);
  });

  it('on SIGTERM finishes a request still arriving, refuses new ones, and exits 0', async () => {
    const body = Buffer.from(
      JSON.stringify({
        ...VALID_SUBMISSION,
        title: 'Arrived After SIGTERM',
        humanProof: await processProof(),
      }),
    );
    const socket = await connected(server.port);
    const answer = responseOf(socket);
    // Headers and half of the body now; the rest only after the signal.
    socket.write(
      [
        'POST /api/submit-job-for-review HTTP/1.1',
        `Host: 127.0.0.1:${server.port}`,
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(body.subarray(0, body.length / 2));
    // The server has the request (its headers: Fastify logs it before the body arrives).
    await server.outputIncludes('"url":"/api/submit-job-for-review"');
    // And an idle keep-alive connection: the server closes those as it stops.
    const idle = await connected(server.port);
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    idle.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    await new Promise((resolve) => idle.once('data', resolve));

    process.kill(server.pid, 'SIGTERM');
    await server.outputIncludes('SIGTERM: shutting down');
    // The server stops listening, and closes the idle connection: ours, were it taken for idle,
    // would have been closed by then.
    while (!(await refused(server.port))) await new Promise((resolve) => setTimeout(resolve, 20));
    await idleClosed;
    // Closed to new connections (a load balancer moves on), while ours is still open.
    expect(await refused(server.port)).toBe(true);
    expect(socket.destroyed).toBe(false);

    socket.write(body.subarray(body.length / 2));
    const res = await answer;
    expect(res.status, res.raw).toBe(201);
    const submitted = JSON.parse(res.body);
    expect(submitted).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'pending_review' });

    expect(await server.exited).toEqual({ code: 0, signal: null });
    // The submission is stored: the pool closed only after the request had finished.
    const db = createKnex(database);
    try {
      const row = await db('submissions').where({ id: submitted.id }).first('title');
      expect(row).toEqual({ title: 'Arrived After SIGTERM' });
    } finally {
      await db.destroy();
    }
  });
});

function connected(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Whether a new connection to the port is refused. */
async function refused(port: number): Promise<boolean> {
  try {
    (await connected(port)).destroy();
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'ECONNREFUSED';
  }
}

/** The HTTP response on a raw socket, once its whole body (Content-Length) has arrived. */
function responseOf(socket: Socket): Promise<{ status: number; body: string; raw: string }> {
  return new Promise((resolve, reject) => {
    let raw = '';
    const settle = () => {
      const end = raw.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const head = raw.slice(0, end);
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      const body = raw.slice(end + 4);
      if (Buffer.byteLength(body) < length) return false;
      resolve({ status: Number(head.split(' ')[1]), body, raw });
      return true;
    };
    socket.on('data', (chunk) => {
      raw += String(chunk);
      settle();
    });
    socket.once('close', () => settle() || reject(new Error(`closed early:\n${raw}`)));
    socket.once('error', reject);
  });
}
