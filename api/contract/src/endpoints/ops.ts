/** Outside /api: the operators' probes (api/src/platform/ops/). */
import { type Endpoint, Healthy, Ready } from '../endpoint';

export const health = {
  method: 'GET',
  path: '/healthz',
  summary: 'Liveness: the process serves HTTP (touches nothing else).',
  response: Healthy,
} as const satisfies Endpoint;
export const readiness = {
  method: 'GET',
  path: '/readyz',
  summary:
    'Readiness: the database answers and has every migration of this build (else 503). With the METRICS_TOKEN (Bearer) the answer says what is wrong, a schema ahead of this build (still 200) and the read replicas; without it only `{ status }` or "Not ready.".',
  response: Ready,
} as const satisfies Endpoint;
