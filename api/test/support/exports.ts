/**
 * What other packages' tests and tools use of the API's test support, as
 * `@jobboard/api/test-support`: the local stand-ins for the outside services (a Stripe the real
 * SDK talks to, a real SMTP peer) and a throw-away PostgreSQL cluster.
 */
export { startFakeStripe, type FakeStripe, type FakeStripeOptions } from './fake-stripe';
export { freePort, startPgCluster, type PgCluster } from './pg-cluster';
export { SmtpPeer, type ReceivedMail } from './smtp-peer';
export {
  airtableEnv,
  airtableJob,
  fakeAirtable,
  startFakeAirtable,
  type AirtableRecord,
  type FakeAirtable,
} from './fake-airtable';
