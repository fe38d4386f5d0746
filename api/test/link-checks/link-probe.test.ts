import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostPacer, type PacerClock } from '../../src/link-checks/host-pacer';
import {
  PROBE_LIMITS,
  errorResult,
  probeLink,
  statusResult,
  type ProbeOptions,
} from '../../src/link-checks/link-probe';
import { linkCheckUserAgent } from '../../src/link-checks/link-check-views';
import { refusingOrigin, startLinkServer, type LinkServer } from '../support/link-servers';

/**
 * One check of an application link (link-checks/link-probe.ts, issue 45) against real servers on
 * this machine answering each case: what it finds, which requests it makes (HEAD, then GET where
 * HEAD is refused), the guard on every hop, the declared User-Agent, and the host's turn before
 * each request (on a counted clock: no test waits for real time but the timeout's).
 */

let site: LinkServer;
let tls: LinkServer;
let privateSite: LinkServer;
let refused: string;

beforeAll(async () => {
  site = await startLinkServer();
  tls = await startLinkServer({ tls: true });
  // A server on another loopback address: the guard lets 127.0.0.1 alone through in tests.
  privateSite = await startLinkServer({ host: '127.0.0.2' });
  refused = await refusingOrigin();
});
afterAll(async () => {
  await Promise.all([site.close(), tls.close(), privateSite.close()]);
});

const USER_AGENT = linkCheckUserAgent({
  publicUrl: 'https://jobs.example.org',
  boardName: 'Nonprofit Jobs',
});

/** A clock that never waits: each sleep is counted and (unless told not to) moves it on. */
function countedClock(advance = true) {
  let now = Date.parse('2026-11-22T12:00:00Z');
  const sleeps: number[] = [];
  const clock: PacerClock = {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      if (advance) now += ms;
    },
  };
  return { clock, sleeps };
}

function options(change: Partial<ProbeOptions> = {}) {
  const { clock, sleeps } = countedClock();
  const pacer = new HostPacer(1_000, clock);
  const turns: string[] = [];
  const probe: ProbeOptions = {
    timeoutMs: 5_000,
    ...PROBE_LIMITS,
    userAgent: USER_AGENT,
    allowLoopback: true,
    turn: (host, signal) => {
      turns.push(host);
      return pacer.turn(host, signal);
    },
    signal: new AbortController().signal,
    ...change,
  };
  return { probe, sleeps, turns };
}

const hitsSince = (server: LinkServer, before: number) =>
  server.hits.slice(before).map((hit) => `${hit.method} ${hit.path}`);

describe('a check of an application link', () => {
  it('finds a page that answers 200 with one HEAD, in its turn, with the board named', async () => {
    const before = site.hits.length;
    const { probe, turns } = options();
    expect(await probeLink(`${site.origin}/s/200`, probe)).toEqual({
      result: 'ok',
      status: 200,
      detail: null,
      requests: 1,
    });
    expect(hitsSince(site, before)).toEqual(['HEAD /s/200']);
    expect(turns).toEqual([site.host]);
    expect(site.hits.at(-1)!.userAgent).toBe(
      'JobboardLinkCheck/1.0 (+https://jobs.example.org; Nonprofit Jobs)',
    );
  });

  it('follows a 301 to the page, each hop in its turn', async () => {
    const before = site.hits.length;
    const { probe, turns, sleeps } = options();
    const answer = await probeLink(`${site.origin}/to?url=/s/200`, probe);
    expect(answer).toMatchObject({ result: 'ok', status: 200, requests: 2 });
    expect(hitsSince(site, before)).toEqual(['HEAD /to', 'HEAD /s/200']);
    // Both hops on one host: the second waited for its turn, a second after the first.
    expect(turns).toEqual([site.host, site.host]);
    expect(sleeps).toEqual([1_000]);
  });

  it('confirms a 404 and a 410 with GET before it tells them', async () => {
    const before = site.hits.length;
    const { probe } = options();
    expect(await probeLink(`${site.origin}/s/404`, probe)).toMatchObject({
      result: 'not_found',
      status: 404,
      requests: 2,
    });
    expect(await probeLink(`${site.origin}/s/410`, probe)).toMatchObject({
      result: 'gone',
      status: 410,
      requests: 2,
    });
    expect(hitsSince(site, before)).toEqual([
      'HEAD /s/404',
      'GET /s/404',
      'HEAD /s/410',
      'GET /s/410',
    ]);
  });

  it('asks GET when HEAD is refused (405), and takes its answer', async () => {
    const before = site.hits.length;
    const { probe, sleeps } = options();
    expect(await probeLink(`${site.origin}/no-head`, probe)).toMatchObject({
      result: 'ok',
      status: 200,
      requests: 2,
    });
    expect(hitsSince(site, before)).toEqual(['HEAD /no-head', 'GET /no-head']);
    expect(sleeps).toEqual([1_000]);
  });

  it('asks GET when the connection is cut at HEAD', async () => {
    const before = site.hits.length;
    const { probe } = options();
    expect(await probeLink(`${site.origin}/cut-head`, probe)).toMatchObject({
      result: 'ok',
      status: 200,
      requests: 2,
    });
    expect(hitsSince(site, before)).toEqual(['HEAD /cut-head', 'GET /cut-head']);
  });

  it('tells a server that never answers by the timeout', async () => {
    const { probe } = options({ timeoutMs: 200 });
    expect(await probeLink(`${site.origin}/hang`, probe)).toEqual({
      result: 'timeout',
      status: null,
      detail: null,
      requests: 1,
    });
  });

  it('tells a refused connection, a server error, a redirect loop and a failed TLS handshake', async () => {
    const { probe } = options();
    expect(await probeLink(`${refused}/job`, probe)).toMatchObject({
      result: 'refused',
      detail: 'ECONNREFUSED',
    });
    expect(await probeLink(`${site.origin}/s/503`, probe)).toMatchObject({
      result: 'server_error',
      status: 503,
      requests: 1,
    });
    expect(await probeLink(`${site.origin}/loop`, probe)).toMatchObject({
      result: 'redirects',
      status: 302,
      requests: PROBE_LIMITS.maxRedirects + 1,
    });
    const answer = await probeLink(`${tls.origin}/s/200`, probe);
    expect(answer).toMatchObject({ result: 'tls', detail: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  });

  it('refuses a private address itself and at any hop, without a request to it', async () => {
    const { probe, turns } = options();
    expect(await probeLink(`${privateSite.origin}/s/200`, probe)).toEqual({
      result: 'guard',
      status: null,
      detail: '127.0.0.2',
      requests: 0,
    });
    const hop = `${site.origin}/to?url=${encodeURIComponent(`${privateSite.origin}/s/200`)}`;
    expect(await probeLink(hop, probe)).toMatchObject({
      result: 'guard',
      detail: '127.0.0.2',
      requests: 1,
    });
    const metadata = `${site.origin}/to?url=${encodeURIComponent('http://169.254.169.254/latest/')}`;
    expect(await probeLink(metadata, probe)).toMatchObject({ result: 'guard' });
    expect(privateSite.hits).toEqual([]);
    expect(turns.every((host) => host === site.host)).toBe(true);
    // Without the tests' setting, this machine is refused too.
    expect(
      await probeLink(`${site.origin}/s/200`, options({ allowLoopback: false }).probe),
    ).toMatchObject({ result: 'guard', detail: '127.0.0.1', requests: 0 });
  });

  it('reads a bounded part of a body that never ends, and takes its status', async () => {
    // A timeout far longer than any test: only the bound on the body ends this GET.
    const { probe } = options({ timeoutMs: 10 * 60_000 });
    expect(await probeLink(`${site.origin}/endless`, probe)).toMatchObject({
      result: 'ok',
      status: 200,
      requests: 2,
    });
  });

  it('gives up a link that is no web address, or leads to another scheme', async () => {
    const { probe } = options();
    expect(await probeLink('not a link', probe)).toMatchObject({
      result: 'network',
      detail: 'not a web address',
      requests: 0,
    });
    const ftp = `${site.origin}/to?url=${encodeURIComponent('ftp://files.example/job')}`;
    expect(await probeLink(ftp, probe)).toMatchObject({
      result: 'other_status',
      detail: 'leads to ftp:',
    });
  });
});

describe('what an answer says', () => {
  it('tells each status and error code apart', () => {
    const statuses: [number, string][] = [
      [200, 'ok'],
      [204, 'ok'],
      [404, 'not_found'],
      [410, 'gone'],
      [500, 'server_error'],
      [503, 'server_error'],
      [401, 'other_status'],
      [403, 'other_status'],
      [429, 'other_status'],
      [300, 'other_status'],
    ];
    for (const [status, result] of statuses) {
      expect(statusResult(status).result, String(status)).toBe(result);
    }
    const codes: [string | undefined, string][] = [
      ['ENOTFOUND', 'no_such_host'],
      ['ECONNREFUSED', 'refused'],
      ['CERT_HAS_EXPIRED', 'tls'],
      ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
      ['SELF_SIGNED_CERT_IN_CHAIN', 'tls'],
      ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
      ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
      ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
      ['EPROTO', 'tls'],
      // A failure of the name service is no proof the name is gone.
      ['EAI_AGAIN', 'network'],
      ['ECONNRESET', 'network'],
      ['EHOSTUNREACH', 'network'],
      [undefined, 'network'],
    ];
    for (const [code, result] of codes) expect(errorResult(code), String(code)).toBe(result);
  });
});

describe('the pacing per host', () => {
  it('lets one request a second to a host across a run, counted not waited', async () => {
    const { clock, sleeps } = countedClock();
    const pacer = new HostPacer(1_000, clock);
    const signal = new AbortController().signal;
    // Three requests to a, one to b, then a again: only a's wait, each till its next second.
    await pacer.turn('a.example', signal);
    await pacer.turn('a.example', signal);
    await pacer.turn('b.example', signal);
    await pacer.turn('a.example', signal);
    expect(sleeps).toEqual([1_000, 1_000]);
    expect(pacer.waits).toBe(2);
    expect(pacer.hosts).toBe(2);
  });

  it('books turns in the order asked when several ask one host at once', async () => {
    const { clock, sleeps } = countedClock(false);
    const pacer = new HostPacer(1_000, clock);
    const signal = new AbortController().signal;
    // Asked together (a run's workers): the first at once, then 1 s, then 2 s after it.
    await Promise.all([1, 2, 3].map(() => pacer.turn('a.example', signal)));
    expect(sleeps).toEqual([1_000, 2_000]);
  });
});
