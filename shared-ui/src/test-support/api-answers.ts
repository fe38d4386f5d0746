import type {
  AdminJob,
  AdminSubmission,
  AuthState,
  CheckoutStarted,
  ErrorBody,
  IssuedPaymentLink,
  Job,
  PayPageView,
  PromoCode,
  SearchResponse,
  SiteConfig,
  SubmissionReceived,
} from '@jobboard/contract';

/**
 * What each endpoint the front ends call answers when it succeeds, keyed `'METHOD /path'` with
 * `:name` for a path parameter, typed with the contract's response types, so a component test
 * cannot hand a screen an answer the API would never give. Add an endpoint here when a front end
 * starts calling it.
 */
export interface ApiAnswers {
  'GET /api/site': SiteConfig;
  'GET /api/locations': string[];
  'GET /api/categories': string[];
  'POST /api/jobs/search': SearchResponse;
  'GET /api/jobs/recent': Job[];
  'GET /api/jobs/:id': Job;
  'POST /api/submit-job-for-review': SubmissionReceived;
  'GET /api/pay/:token': PayPageView;
  'POST /api/pay/:token/checkout': CheckoutStarted;
  'GET /api/admin/check-auth': AuthState;
  'POST /api/admin/login': { username: string };
  'POST /api/admin/logout': { message: string };
  'GET /api/refresh-jobs': {
    source: string | null;
    created: number;
    updated: number;
    deactivated: number;
    message: string;
  };
  'GET /api/admin/jobs': AdminJob[];
  'POST /api/admin/jobs': AdminJob;
  'GET /api/admin/jobs/:id': AdminJob;
  'PUT /api/admin/jobs/:id': AdminJob;
  'DELETE /api/admin/jobs/:id': { message: string };
  'POST /api/admin/jobs/:id/extend': AdminJob;
  'POST /api/admin/jobs/:id/republish': AdminJob;
  'GET /api/admin/submissions': AdminSubmission[];
  'GET /api/admin/submissions/payments': { stripeConfigured: boolean };
  'GET /api/admin/submissions/:id': AdminSubmission;
  'POST /api/admin/submissions/:id/approve': {
    submission: AdminSubmission;
    paymentUrl: string | null;
    publishedWithCredit: boolean;
  };
  'POST /api/admin/submissions/:id/reject': AdminSubmission;
  'PUT /api/admin/submissions/:id/amount': AdminSubmission;
  'POST /api/admin/submissions/:id/payment-link': IssuedPaymentLink;
  'POST /api/admin/submissions/:id/payments/:paymentId/resolve': AdminSubmission;
  'POST /api/admin/submissions/:id/mark-paid': AdminSubmission;
  'GET /api/admin/promo-codes': PromoCode[];
  'POST /api/admin/promo-codes': PromoCode;
  'PUT /api/admin/promo-codes/:id': PromoCode;
  'DELETE /api/admin/promo-codes/:id': { message: string };
}

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
  readonly [status: 200 | 201, body: T] | readonly [status: ErrorStatus, body: Partial<ErrorBody>];
