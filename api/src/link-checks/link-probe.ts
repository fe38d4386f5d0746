import http from 'node:http';
import https from 'node:https';
import type { LinkCheckResult } from '@jobboard/contract/jobs';
import { AddressRefused, guardedLookup, refusedLiteral } from '../platform/http/outbound-guard';

/** How one link is asked (link-checks/, docs/operations.md#application-link-checks). */
export interface ProbeOptions {
  /** One request (one hop, HEAD or GET) within this, from its start to its headers and body. */
  timeoutMs: number;
  /** Redirects followed, each hop through the same guard. */
  maxRedirects: number;
  /** Most bytes of a body read before the connection is closed (the status is what counts). */
  maxBodyBytes: number;
  /** The board's declared User-Agent: its name and address. */
  userAgent: string;
  /** Tests only (never the configuration): their stand-in servers on 127.0.0.1 may be called. */
  allowLoopback: boolean;
  /** Waits for the host's turn before each request (host-pacer.ts): its every hop and retry. */
  turn(host: string, signal: AbortSignal): Promise<void>;
  /** The run's stop: a request or wait in flight ends at once, its check unrecorded. */
  signal: AbortSignal;
}

export const PROBE_LIMITS = { maxRedirects: 5, maxBodyBytes: 16 * 1024 } as const;

/** What one check of a link found: its kind, the last HTTP status, and a short detail. */
export interface ProbeAnswer {
  result: LinkCheckResult;
  status: number | null;
  /** An error's code, the hop a refusal or a redirect stopped at; null when there is nothing to add. */
  detail: string | null;
  /** Requests made (each hop's HEAD, and GET where HEAD was refused): the measure counts them. */
  requests: number;
}

/** The run was stopped (the process is closing): the check is left for a later run. */
export class ProbeStopped extends Error {}

/** HEAD answered so: asked again with GET, whose answer counts. */
const HEAD_REFUSED = new Set([405, 501]);
/**
 * HEAD answered a dead status: confirmed with GET before it counts, since some servers route HEAD
 * apart from GET and answer it 404 for a page that is there.
 */
const HEAD_TO_CONFIRM = new Set([404, 410]);

/**
 * Ask whether a job's application link is there: HEAD, then GET where HEAD is refused (405, 501,
 * or a connection cut or garbled by it) or answers 404 or 410; redirects followed up to
 * `maxRedirects`, each hop through the outbound guard (public addresses only, http and https
 * only); each request within `timeoutMs` and in its host's turn; a body read to `maxBodyBytes` at
 * most. Never throws but ProbeStopped.
 */
export async function probeLink(address: string, options: ProbeOptions): Promise<ProbeAnswer> {
  let requests = 0;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { result: 'network', status: null, detail: 'not a web address', requests };
  }
  for (let hops = 0; ; hops++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { result: 'other_status', status: null, detail: `leads to ${url.protocol}`, requests };
    }
    const literal = refusedLiteral(url, options.allowLoopback);
    if (literal !== undefined) return { result: 'guard', status: null, detail: literal, requests };
    let answer = await ask('HEAD', url, options);
    requests += 1;
    if (headRefused(answer)) {
      answer = await ask('GET', url, options);
      requests += 1;
    }
    if ('failure' in answer) return { ...answer.failure, requests };
    const { status, location } = answer;
    if (status >= 300 && status < 400 && location !== undefined) {
      if (hops >= options.maxRedirects) {
        return { result: 'redirects', status, detail: `${hops} redirects`, requests };
      }
      try {
        url = new URL(location, url);
      } catch {
        return { result: 'other_status', status, detail: 'a redirect to no address', requests };
      }
      continue;
    }
    return { ...statusResult(status), requests };
  }
}

/** What an HTTP status says of the link. */
export function statusResult(status: number): Omit<ProbeAnswer, 'requests'> {
  if (status >= 200 && status < 300) return { result: 'ok', status, detail: null };
  if (status === 404) return { result: 'not_found', status, detail: null };
  if (status === 410) return { result: 'gone', status, detail: null };
  if (status >= 500) return { result: 'server_error', status, detail: null };
  return { result: 'other_status', status, detail: null };
}

/** Error codes of a TLS failure: the certificate refused, or the handshake. */
const TLS_CODE = /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_|ERR_TLS_|ERR_SSL_|EPROTO$)/;

/** What a request's error says of the link (the guard's refusal, the timeout and a stop apart). */
export function errorResult(code: string | undefined): LinkCheckResult {
  if (code === 'ENOTFOUND') return 'no_such_host';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code !== undefined && TLS_CODE.test(code)) return 'tls';
  return 'network';
}

/**
 * Errors of a connection that HEAD itself may have caused (a server that cuts or garbles its
 * answer to a method it does not expect): GET is tried.
 */
const ODD_CODE = /^(ECONNRESET|EPIPE|HPE_)/;

type Asked =
  | { status: number; location: string | undefined }
  | { failure: Omit<ProbeAnswer, 'requests'>; odd: boolean };

function headRefused(answer: Asked): boolean {
  return 'failure' in answer
    ? answer.odd
    : HEAD_REFUSED.has(answer.status) || HEAD_TO_CONFIRM.has(answer.status);
}

/** One request, in its host's turn: its status and redirect, or why it failed. */
async function ask(method: 'HEAD' | 'GET', url: URL, options: ProbeOptions): Promise<Asked> {
  if (options.signal.aborted) throw new ProbeStopped();
  await options.turn(url.host, options.signal).catch(() => {
    throw new ProbeStopped();
  });
  if (options.signal.aborted) throw new ProbeStopped();
  // Ended by its timeout or by the run's stop (told apart by the run's own signal). A listener
  // of its own on the run's signal, removed after: AbortSignal.any would tie each request to the
  // run's long-lived signal.
  const ended = new AbortController();
  const timer = setTimeout(() => ended.abort(), options.timeoutMs);
  const stop = () => ended.abort();
  options.signal.addEventListener('abort', stop, { once: true });
  try {
    return await request(method, url, options, ended.signal);
  } catch (error) {
    if (options.signal.aborted) throw new ProbeStopped();
    if (ended.signal.aborted) {
      return { failure: { result: 'timeout', status: null, detail: null }, odd: false };
    }
    if (error instanceof AddressRefused) {
      return { failure: { result: 'guard', status: null, detail: error.host }, odd: false };
    }
    const code = (error as NodeJS.ErrnoException).code;
    return {
      failure: { result: errorResult(code), status: null, detail: code ?? messageOf(error) },
      odd: code !== undefined && ODD_CODE.test(code),
    };
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', stop);
  }
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 100);

/**
 * The request itself: no connection kept (each hop its own), the declared User-Agent, the
 * guarded lookup. Settles with the status once the body ended or `maxBodyBytes` of it were read
 * (then the connection is closed); a body that stalls after its status settles at the timeout
 * with that status, since the page answered.
 */
function request(
  method: 'HEAD' | 'GET',
  url: URL,
  options: ProbeOptions,
  signal: AbortSignal,
): Promise<Asked> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Asked>((resolve, reject) => {
    let answered: Asked | undefined;
    const req = client.request(
      url,
      {
        method,
        agent: false,
        lookup: guardedLookup(options.allowLoopback),
        headers: {
          'user-agent': options.userAgent,
          accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        },
      },
      (response) => {
        const location = response.headers.location;
        answered = { status: response.statusCode ?? 0, location };
        const done = () => {
          response.destroy();
          resolve(answered!);
        };
        if (method === 'HEAD' || (answered.status >= 300 && answered.status < 400)) return done();
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= options.maxBodyBytes) done();
        });
        response.on('end', done);
        response.on('error', () => done());
      },
    );
    const onAbort = () => {
      // Aborted after its status came (a body that stalls): the page answered.
      if (answered && !options.signal.aborted) resolve(answered);
      req.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => {
      if (answered && !options.signal.aborted) resolve(answered);
      else reject(error);
    });
    req.on('close', () => signal.removeEventListener('abort', onAbort));
    req.end();
  });
}
