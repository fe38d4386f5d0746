import { channelOfReferrer, countedChannel, type Channel, type Job } from '@jobboard/contract/jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { NotFound } from '../platform/domain-errors';
import { clientKey } from '../platform/http/client-key';
import type { CachedBody } from '../platform/plugins/public-cache';
import type { ProcessRateLimit } from '../platform/process-rate-limit';
import type { StatKind } from './job-stats-repository';

/**
 * The HTTP side of counting (the view and apply routes): which job is live, and who the request
 * is. Known bots (isbot's list: crawlers, link previewers, monitors; and a request with no user
 * agent at all) and browsers' prefetches are not counted.
 */

/** Each cached answer of a job, parsed (dropped with the answer when the cache lets it go). */
const parsed = new WeakMap<CachedBody, Job>();

/** The job as the board shows it, when it is live (public and not ended); else undefined. */
export async function liveJob(app: FastifyInstance, id: number): Promise<Job | undefined> {
  try {
    // The public-read cache: a view costs no query while the job's answer is cached, and the
    // answer is parsed once per cached body (a change of the job makes a new one).
    const body = await app.publicReads.job(id);
    let job = parsed.get(body);
    if (!job) parsed.set(body, (job = JSON.parse(body.bytes.toString('utf8')) as Job));
    return job.expired ? undefined : job;
  } catch (error) {
    if (error instanceof NotFound) return undefined;
    throw error;
  }
}

/** User agents whose isbot answer is kept, in each of two generations, and the longest kept. */
const AGENTS_KEPT = 1_000;
const AGENT_KEPT_LENGTH = 512;
/** isbot's answers by user agent: the agents seen lately, and the ones seen before them. */
let recentAnswers = new Map<string, boolean>();
let olderAnswers = new Map<string, boolean>();

/**
 * Whether a user agent is a known bot: isbot's answer (its one large pattern over the whole
 * agent, 2 to 5 µs a call on the bench's 2 cores: the dearest step of a count), kept for the
 * agents seen lately, since a browser sends the same agent with every request and most visitors
 * share a few dozen agents. Two generations of at most AGENTS_KEPT: when the recent one is full
 * it becomes the older one, and an agent asked again moves back to the recent one.
 */
export function knownBot(agent: string): boolean {
  let answer = recentAnswers.get(agent);
  if (answer !== undefined) return answer;
  answer = olderAnswers.get(agent) ?? isbot(agent);
  if (agent.length <= AGENT_KEPT_LENGTH) {
    if (recentAnswers.size >= AGENTS_KEPT) {
      olderAnswers = recentAnswers;
      recentAnswers = new Map();
    }
    recentAnswers.set(agent, answer);
  }
  return answer;
}

/** Whether this request is one a person made on purpose (not a bot, not a prefetch). */
export function countable(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'];
  if (!agent || knownBot(agent)) return false;
  const purpose = request.headers['sec-purpose'] ?? request.headers['purpose'];
  return !(typeof purpose === 'string' && /prefetch|prerender/i.test(purpose));
}

/**
 * The channel a counted request is for (docs/product.md#numbers): the one its `via` names (the
 * board's page names every channel it counts, 'board' and 'direct' included); else, for a request
 * that names none (a page of an earlier release, a link made by hand) or an unknown one, its
 * referrer: a page of the board's own site (`siteOrigin`) is 'board', anything else 'direct'.
 */
export function channelOfRequest(request: FastifyRequest, siteOrigin: string): Channel {
  return (
    countedChannel((request.query as { via?: unknown } | undefined)?.via) ??
    channelOfReferrer(request.headers.referer, siteOrigin)
  );
}

/** The board's own origin (PUBLIC_URL's scheme, host and port): what a referrer is compared with. */
export const siteOriginOf = (app: FastifyInstance): string => new URL(app.config.publicUrl).origin;

/**
 * Counts this request's visitor for the job and the request's channel, unless it is not countable
 * or its client is past `limit` (the route's entry of the rate limits' table: issue 43, finding
 * 16), which only leaves it uncounted. A count that fails (the database cannot give the day's
 * salt) is logged: the visitor's request goes on regardless.
 */
export async function countRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: StatKind,
  jobId: number,
  limit: ProcessRateLimit,
  siteOrigin: string,
): Promise<boolean> {
  if (!countable(request)) return false;
  const client = clientKey(request.ip);
  const now = app.now();
  if (!limit.take(client, now)) return false;
  try {
    const counting = app.jobStats.count(
      kind,
      jobId,
      channelOfRequest(request, siteOrigin),
      client,
      now,
    );
    // Counted at once unless the day's salt is still being read.
    if (counting) await counting;
    return true;
  } catch (error) {
    request.log.error({ err: error }, 'job stats: a count was lost');
    return false;
  }
}

/**
 * The counted routes' options: their answers have no body (204, 303), so compressing is nothing
 * and helmet's per-request pass is replaced by the same headers fixed at start
 * (app.jsonSecurityHeaders, as the cached public reads do): a count costs its request only the
 * count (bench: counting).
 */
export const COUNTED_ROUTE = { compress: false, helmet: false } as const;
/** The view beacon's options: COUNTED_ROUTE, and its query read as it came (channelOfRequest). */
export const COUNTED_ENDPOINT = { ...COUNTED_ROUTE, queryAsIs: true } as const;
