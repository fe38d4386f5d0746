/**
 * The outside world of one site under test, on 127.0.0.1 and free ports, in the Playwright
 * worker's own process: a real SMTP server (smtp-server), a fake Stripe API with its checkout
 * page and its invoices' pages (issue 47: customers, invoice items, invoices sent and paid, every
 * request checked against Stripe's documented parameters; api/test/support/fake-stripe.ts), and
 * a small HTTP server where the tests read the e-mails that arrived, which also serves
 * the fake Airtable the site syncs jobs from (and its control: PUT /airtable). Started and stopped
 * with the site (support/site.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SmtpPeer,
  fakeAirtable,
  giveUpRefusedMail,
  startFakeStripe,
  type FakeAirtable,
  type FakeStripe,
} from '@jobboard/api/test-support';

/** The fake Airtable's base, table and key, as the site is configured with them. */
export const AIRTABLE = {
  baseId: 'appE2EBOARD000001',
  table: 'E2E Jobs',
  apiKey: 'patE2E.fake-key',
};
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_webhook_secret';

export interface FakeServices {
  smtp: SmtpPeer;
  stripe: FakeStripe;
  /** The inspect server: GET /mail, the SMTP controls, the fake Airtable under /v0. */
  inspectUrl: string;
  /** The environment that points a site at these fakes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * @param sqliteFile the site's database, where `/give-up` marks its refused messages failed
 */
export async function startFakeServices(sqliteFile: string): Promise<FakeServices> {
  const smtp = await new SmtpPeer().start();
  // The webhook's address is the site's, known once the site is started: set then (site.ts).
  const stripe = await startFakeStripe({ webhookSecret: STRIPE_WEBHOOK_SECRET });

  // Served by the inspect server under /v0 (no port of its own): its address is set below.
  const airtable = fakeAirtable();
  Object.assign(airtable.fake, AIRTABLE);
  let releaseHeld = () => {};
  const inspect: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const address = url.searchParams.get('address') ?? '';
    // The mail server refuses this mailbox for good (550), or accepts it again.
    if (url.pathname === '/refuse' || url.pathname === '/accept') {
      if (url.pathname === '/refuse') smtp.refused.add(address);
      else smtp.refused.delete(address);
      res.writeHead(204).end();
      return;
    }
    // The site's messages to that mailbox, tried and refused, given up as after all their retries.
    if (url.pathname === '/give-up') {
      giveUpRefusedMail(sqliteFile, address).then(
        (count) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(String(count)),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
      return;
    }
    if (req.url?.startsWith('/v0/')) {
      airtable.listener(req, res);
      return;
    }
    if (req.url === '/airtable' && req.method === 'PUT') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { records = [], hold = false } = JSON.parse(body) as {
          records?: FakeAirtable['records'];
          hold?: boolean;
        };
        airtable.fake.records = records;
        releaseHeld();
        if (hold) releaseHeld = airtable.fake.hold().release;
        res.writeHead(204).end();
      });
      return;
    }
    // The held answers go (a sync can be seen working until then).
    if (req.url === '/airtable/release' && req.method === 'POST') {
      releaseHeld();
      res.writeHead(204).end();
      return;
    }
    if (req.url === '/mail') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(smtp.received));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => inspect.listen(0, '127.0.0.1', resolve));
  const inspectUrl = `http://127.0.0.1:${(inspect.address() as AddressInfo).port}`;
  airtable.fake.apiUrl = `${inspectUrl}/v0`;
  airtable.fake.feedUrl = `${inspectUrl}/feed.json`;

  return {
    smtp,
    stripe,
    inspectUrl,
    env: {
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      // 'Refresh Jobs' syncs from the fake Airtable (empty until resync.spec.ts fills it).
      AIRTABLE_API_URL: airtable.fake.apiUrl,
      AIRTABLE_BASE_ID: AIRTABLE.baseId,
      AIRTABLE_TABLE: AIRTABLE.table,
      AIRTABLE_API_KEY: AIRTABLE.apiKey,
    },
    async close() {
      releaseHeld();
      inspect.closeAllConnections();
      await new Promise((resolve) => inspect.close(resolve));
      await airtable.fake.close();
      await Promise.all([smtp.stop(), stripe.close()]);
    },
  };
}
