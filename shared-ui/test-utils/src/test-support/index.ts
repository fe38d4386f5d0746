// What the front ends' component tests share: a typed fake API (Mock Service Worker).
export {
  fakeApi,
  type FakeApi,
  type FakeHandler,
  type FakeRequest,
  type FakeRoutes,
} from './fake-api';
export type { AnswerOf, ApiAnswers, ApiCall, ApiEndpoint, FakeAnswer } from './api-answers';
export { cellsOf, jobStatsOf, statsDay } from './stats';
export { HUMAN_PROOF_CHALLENGE, challengeRoute, isSolved, testChallenge } from './human-proof';
