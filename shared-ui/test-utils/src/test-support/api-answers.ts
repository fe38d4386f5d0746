import type { ErrorBody } from '@jobboard/contract/common';
import type { ENDPOINTS, EndpointResponse } from '@jobboard/contract/endpoints';

type Endpoints = typeof ENDPOINTS;

/**
 * What each endpoint answers when it succeeds, keyed `'METHOD /path'` with `:name` for a path
 * parameter, read from the contract's endpoint table, so a component test cannot hand a screen an
 * answer the API would never give, and a new endpoint needs no line here.
 */
export type ApiAnswers = {
  [K in keyof Endpoints as `${Endpoints[K]['method']} ${Endpoints[K]['path']}`]: EndpointResponse<
    Endpoints[K]
  >;
};

export type ApiEndpoint = keyof ApiAnswers;

/** `'GET /api/jobs/:id'` as the calls it matches: `` `GET /api/jobs/${string}` ``. */
type Concrete<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Concrete<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;

/** A call a test may answer: an endpoint as declared, or one concrete path of it. */
export type ApiCall = ApiEndpoint | { [E in ApiEndpoint]: Concrete<E> }[ApiEndpoint];

/** The success answer of a call: the endpoint's own when declared, else every one it matches. */
export type AnswerOf<C extends string> = C extends ApiEndpoint
  ? ApiAnswers[C]
  : { [E in ApiEndpoint]: C extends Concrete<E> ? ApiAnswers[E] : never }[ApiEndpoint];

/** The error statuses the API uses; each carries the contract's error body (or, rarely, none). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 500 | 502 | 503;

export type FakeAnswer<T> =
  | readonly [status: 200 | 201 | 202, body: T]
  | readonly [status: ErrorStatus, body: Partial<ErrorBody>];
