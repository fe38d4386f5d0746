/**
 * The outside world of the end-to-end run, on 127.0.0.1: a real SMTP server (smtp-server), a
 * fake Stripe API with its checkout page, and a small HTTP server where the tests read the
 * e-mails that arrived, which also serves the fake Airtable the site syncs jobs from (and its
 * control: PUT /airtable). Started by Playwright as a web server; stops with it.
 */
import { createServer } from 'node:http';
import {
  SmtpPeer,
  fakeAirtable,
  giveUpRefusedMail,
  startFakeStripe,
  type FakeAirtable,
} from '@jobboard/api/test-support';
import { AIRTABLE, FAKES, SQLITE_FILE, STRIPE_WEBHOOK_SECRET, WEBHOOK_URL } from './site';

const smtp = new SmtpPeer();
smtp.port = FAKES.smtpPort;
await smtp.start();
const stripe = await startFakeStripe({
  port: FAKES.stripePort,
  webhookSecret: STRIPE_WEBHOOK_SECRET,
  webhookUrl: WEBHOOK_URL,
});

const airtable = fakeAirtable(AIRTABLE.apiUrl.replace(/\/v0$/, ''));
Object.assign(airtable.fake, AIRTABLE);

const inspect = createServer((req, res) => {
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
    giveUpRefusedMail(SQLITE_FILE, address).then(
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
      const { records = [], delayMs = 0 } = JSON.parse(body) as Partial<FakeAirtable>;
      Object.assign(airtable.fake, { records, delayMs });
      res.writeHead(204).end();
    });
    return;
  }
  if (req.url === '/mail') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(smtp.received));
    return;
  }
  res.writeHead(req.url === '/health' ? 200 : 404, { 'Content-Type': 'text/plain' });
  res.end('ok');
});
inspect.listen(FAKES.inspectPort, '127.0.0.1');

const stop = async () => {
  inspect.close();
  await airtable.fake.close();
  await Promise.all([smtp.stop(), stripe.close()]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
console.log(
  `fake SMTP on ${smtp.port}, fake Stripe on ${FAKES.stripePort}, mail inbox and fake Airtable on ${FAKES.inspectPort}`,
);
