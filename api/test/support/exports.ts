/**
 * What other packages' tests and tools use of the API's test support, as
 * `@jobboard/api/test-support`: the local stand-ins for the outside services (a Stripe the real
 * SDK talks to, a real SMTP peer, a Ghost site's member keys), a throw-away PostgreSQL cluster, and
 * the API as production runs it in a child process (for a site with settings of its own).
 */
export { startFakeStripe, type FakeStripe, type FakeStripeOptions } from './fake-stripe';
export {
  freePort,
  startPgCluster,
  startPgReplica,
  type PgCluster,
  type PgReplica,
} from './pg-cluster';
export { SmtpPeer, type ReceivedMail } from './smtp-peer';
export { FakeGhost, memberKey, type MemberKey, type TokenOptions } from './fake-ghost';
export { ApiProcess, type ApiProcessOptions } from './api-process';
export { giveUpRefusedMail } from './outbox-fixture';
/** The spam check (issue 45) as a form passes it, for a site running in a process of its own. */
export { proofFrom, solve as solveHumanProof } from './human-proof-solve';
export { storeLogoFor } from './logo-fixture';
export { listingEndingAt, renewalLinkEndingAt } from './renewal-fixture';
export { listingLiveSince } from './check-in-fixture';
/** `jobboard <command>` as cron runs it (the built CLI, in a process of its own). */
export { runJobboard } from './cli';
export {
  airtableEnv,
  airtableJob,
  fakeAirtable,
  startFakeAirtable,
  type AirtableRecord,
  type FakeAirtable,
} from './fake-airtable';
/** An authenticator app's side of admin two-factor sign-in: the code of a secret at a time. */
export { totpCode } from '../../src/admins/two-factor';
