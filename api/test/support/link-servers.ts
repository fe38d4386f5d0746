import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Stand-ins for the sites a job's application link leads to (the link checker's tests, issue 45):
 * real HTTP servers on this machine, each a host of its own (its own port), answering each case
 * the checker tells apart, and recording every request (method, path, User-Agent).
 *
 * - `/s/<status>`: that status (`/s/200`, `/s/404`, `/s/410`, `/s/503`...);
 * - `/to?url=<address>`: 301 to it (a relative one too);
 * - `/loop`: 302 to itself;
 * - `/hang`: never answers;
 * - `/no-head`: HEAD 405, GET 200;
 * - `/cut-head`: HEAD's connection cut without an answer, GET 200;
 * - `/endless`: HEAD 405; GET 200, and its body never ends;
 * - any path set in `answers`: that status (a test changes a link's answer between runs).
 */
export interface LinkServer {
  origin: string;
  host: string;
  hits: { method: string; path: string; userAgent: string | undefined }[];
  answers: Map<string, number>;
  /**
   * Requests to `path` wait until `release` answers them with its status; `arrived` settles at the
   * first (a test holds one process's run there while another tries).
   */
  hold(path: string): { arrived: Promise<void>; release(status: number): void };
  close(): Promise<void>;
}

/**
 * A self-signed certificate (for CN=link-check-test, valid until 2126) that no client trusts: the
 * TLS failure's stand-in. Made for these tests alone and worth nothing elsewhere.
 */
const TEST_TLS = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgsRRqsWs0DSjVjVR8
FbwiCmnNnSzgAzW2FeKBJCTK9eWhRANCAAQ0mKPfy6RaSSRQihv+6F+/6vMe0XZK
bYlWKT/1rz6aSKv1fB3bnLC6UQ/ptYXho0vh2CcdHPe37yatcbnyiVJ7
-----END PRIVATE KEY-----\n`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBizCCATGgAwIBAgIULRzHqKEEw/y/W2927XwQQC0SDCIwCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAwwPbGluay1jaGVjay10ZXN0MCAXDTI2MTEyOTIyMDIzNVoYDzIx
MjYxMTA1MjIwMjM1WjAaMRgwFgYDVQQDDA9saW5rLWNoZWNrLXRlc3QwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAQ0mKPfy6RaSSRQihv+6F+/6vMe0XZKbYlWKT/1
rz6aSKv1fB3bnLC6UQ/ptYXho0vh2CcdHPe37yatcbnyiVJ7o1MwUTAdBgNVHQ4E
FgQU1XqTCvFPY+sFa3u1W8pYVSQAq3cwHwYDVR0jBBgwFoAU1XqTCvFPY+sFa3u1
W8pYVSQAq3cwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiEA9Mgd
+7MKmKC+0t/YkcGhejz5/cWMNpn5Y7KB8RSqbb4CIA7Gy3caBiUrfqTkGmZqG1uq
u/bbnze86MI68oZk+O3k
-----END CERTIFICATE-----\n`,
};

export async function startLinkServer(
  options: { host?: string; tls?: boolean } = {},
): Promise<LinkServer> {
  const hits: LinkServer['hits'] = [];
  const answers = new Map<string, number>();
  const held = new Set<ServerResponse>();
  const holds = new Map<string, { waiting: ServerResponse[]; arrive(): void }>();
  const sockets = new Set<Socket>();
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    hits.push({
      method: req.method ?? '',
      path: url.pathname,
      userAgent: req.headers['user-agent'],
    });
    const hold = holds.get(url.pathname);
    if (hold) {
      hold.waiting.push(res);
      held.add(res);
      return hold.arrive();
    }
    const set = answers.get(url.pathname);
    if (set !== undefined) return void res.writeHead(set).end();
    const status = /^\/s\/(\d{3})$/.exec(url.pathname)?.[1];
    if (status) return void res.writeHead(Number(status)).end(`status ${status}`);
    switch (url.pathname) {
      case '/to':
        return void res.writeHead(301, { location: url.searchParams.get('url') ?? '/' }).end();
      case '/loop':
        return void res.writeHead(302, { location: '/loop' }).end();
      case '/hang':
        held.add(res);
        return;
      case '/cut-head':
        return void (req.method === 'HEAD' ? req.socket.destroy() : res.writeHead(200).end('ok'));
      case '/no-head':
        return void (req.method === 'HEAD'
          ? res.writeHead(405).end()
          : res.writeHead(200).end('ok'));
      case '/endless': {
        if (req.method === 'HEAD') return void res.writeHead(405).end();
        res.writeHead(200, { 'content-type': 'text/html' });
        held.add(res);
        const chunk = Buffer.alloc(4096, 'a');
        const more = () => {
          while (!res.destroyed && res.write(chunk));
        };
        res.on('drain', more);
        return more();
      }
      default:
        return void res.writeHead(404).end();
    }
  };
  const server: Server = options.tls ? createTlsServer(TEST_TLS, serve) : createServer(serve);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A TLS handshake the client refuses is no error of the test's.
  server.on('tlsClientError', () => {});
  server.listen(0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const { address, port } = server.address() as AddressInfo;
  const host = `${address}:${port}`;
  return {
    origin: `${options.tls ? 'https' : 'http'}://${host}`,
    host,
    hits,
    answers,
    hold(path) {
      let arrive = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const entry = { waiting: [] as ServerResponse[], arrive };
      holds.set(path, entry);
      return {
        arrived,
        release(status) {
          holds.delete(path);
          for (const res of entry.waiting.splice(0)) {
            held.delete(res);
            res.writeHead(status).end();
          }
        },
      };
    },
    async close() {
      for (const res of held) res.destroy();
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/** An address nothing listens on (a port taken, then let go): its connection is refused. */
export async function refusingOrigin(): Promise<string> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return `http://127.0.0.1:${port}`;
}
