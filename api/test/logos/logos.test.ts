import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminJob } from '@jobboard/contract/admin';
import { JOB_LIMITS, type Job } from '@jobboard/contract/jobs';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchLogo, LOGO_FETCH_DEFAULTS, LOGO_REFUSALS } from '../../src/logos/logo-fetch';
import { publicAddress } from '../../src/platform/http/outbound-guard';
import { signedIn } from '../support/admin';
import { jobInput } from '../support/jobs';
import {
  airtableEnv,
  airtableJob,
  startFakeAirtable,
  type FakeAirtable,
} from '../support/fake-airtable';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { pay, startCheckout, stripeEnv, tokenOf } from '../support/payments';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * Company logos are fetched once, re-encoded, stored and served from the board's own origin
 * (issue 26): never hot-linked from a third party. A stand-in server on 127.0.0.1 (allowed by the
 * tests' download settings only) serves the pictures and the bad files.
 */

/** The most a test download reads: the oversize file is just past it. */
const MAX_BYTES = 200_000;

let png: Buffer;
let jpeg: Buffer;
/** Requests the stand-in received, by path. */
const hits = new Map<string, number>();
/** Answers of the stand-in that never finish (the timeout's), ended at the close. */
const hanging = new Set<ServerResponse>();
let server: Server;
let origin: string;
let stripe: FakeStripe;
let airtable: FakeAirtable;

function serve(req: IncomingMessage, res: ServerResponse) {
  // A query string pads an address to the longest a company may give (logo_url, 2000).
  const path = (req.url ?? '/').split('?')[0]!;
  hits.set(path, (hits.get(path) ?? 0) + 1);
  switch (path) {
    case '/logo.png':
    case '/same.png':
      return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    case '/logo.jpg':
      // A wrong type in the header: the content decides.
      return res.writeHead(200, { 'content-type': 'text/plain' }).end(jpeg);
    case '/huge.png':
      // No length announced: the cap holds while reading.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(png);
      return res.end(Buffer.alloc(MAX_BYTES));
    case '/page.html':
      return res
        .writeHead(200, { 'content-type': 'image/png' })
        .end('<!doctype html><title>Not a logo</title><script>alert(1)</script>');
    case '/logo.svg':
      return res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        );
    case '/to-private':
      return res.writeHead(302, { location: 'https://10.0.0.7/logo.png' }).end();
    case '/to-metadata':
      return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    case '/to-logo':
      return res.writeHead(302, { location: '/logo.png' }).end();
    case '/hang.png':
      hanging.add(res);
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.write(png.subarray(0, 10));
    default:
      return res.writeHead(404).end();
  }
}

const SETTINGS = {
  allowLoopback: true,
  maxBytes: MAX_BYTES,
  timeoutMs: 1_000,
  maxRedirects: 3,
};

beforeAll(async () => {
  png = await sharp({
    create: {
      width: 600,
      height: 300,
      channels: 4,
      background: { r: 20, g: 80, b: 200, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
  jpeg = await sharp({
    create: { width: 120, height: 400, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  server = createServer(serve);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stripe = await startFakeStripe({ webhookSecret: 'whsec_test_secret' });
  airtable = await startFakeAirtable();
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  server.close();
  await stripe.close();
  await airtable.close();
});

describe('the download checks', () => {
  it('takes public addresses only (127.0.0.1 only when the tests allow it)', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'fd12:3456::1',
      'fe80::1',
      'not an address',
    ]) {
      expect(publicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(publicAddress(address), address).toBe(true);
    }
    expect(publicAddress('127.0.0.1', true)).toBe(true);
    expect(publicAddress('127.0.0.2', true)).toBe(false);
    expect(publicAddress('10.0.0.1', true)).toBe(false);
  });

  it('refuses plain http, private literals and names, without the tests setting', async () => {
    await expect(fetchLogo(`${origin}/logo.png`)).rejects.toThrow(LOGO_REFUSALS.scheme);
    await expect(fetchLogo('https://127.0.0.1/logo.png')).rejects.toThrow(LOGO_REFUSALS.address);
    await expect(fetchLogo('https://[::1]/logo.png')).rejects.toThrow(LOGO_REFUSALS.address);
    await expect(fetchLogo('https://localhost/logo.png')).rejects.toThrow(LOGO_REFUSALS.address);
    await expect(fetchLogo('ftp://files.example/logo.png')).rejects.toThrow(LOGO_REFUSALS.scheme);
    expect(LOGO_FETCH_DEFAULTS).toMatchObject({ allowLoopback: false, maxBytes: 2 * 1024 * 1024 });
  });

  it('follows a redirect only to an address that passes the same checks', async () => {
    await expect(fetchLogo(`${origin}/to-logo`, SETTINGS)).resolves.toEqual(png);
    await expect(fetchLogo(`${origin}/to-private`, SETTINGS)).rejects.toThrow(
      LOGO_REFUSALS.address,
    );
    await expect(fetchLogo(`${origin}/to-metadata`, SETTINGS)).rejects.toThrow(
      LOGO_REFUSALS.scheme,
    );
    await expect(fetchLogo(`${origin}/to-logo`, { ...SETTINGS, maxRedirects: 0 })).rejects.toThrow(
      LOGO_REFUSALS.redirects,
    );
  });

  it('stops reading past the size cap, and a server that never finishes at the timeout', async () => {
    await expect(fetchLogo(`${origin}/huge.png`, SETTINGS)).rejects.toThrow(LOGO_REFUSALS.tooLarge);
    await expect(fetchLogo(`${origin}/hang.png`, SETTINGS)).rejects.toThrow(LOGO_REFUSALS.timeout);
  });
});

describe(`logos on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let log: string[];

  beforeEach(async () => {
    hits.clear();
    log = [];
    airtable.records = [];
    stripe.reset();
    t = await buildTestApp({
      env: { ...stripeEnv(stripe), ...airtableEnv(airtable), LOG_LEVEL: 'warn' },
      logoFetch: SETTINGS,
      logStream: { write: (line) => void log.push(line) },
    });
    admin = await signedIn(t);
  });
  afterEach(() => t.close());

  const form = (organization: string, logoUrl: string) => ({
    title: 'Field Organizer',
    organization,
    applicationUrl: 'https://openballot.example/jobs/field',
    description: 'Organize volunteers in the field and online.',
    category: ['Political'],
    locations: ['Denver, CO'],
    jobType: 'Full-time',
    via: 'Organization website',
    postedDate: '2026-11-20',
    logoUrl,
  });

  /** A job made on the admin's form, once its logo fetch is over. */
  async function adminJob(organization: string, logoUrl: string): Promise<AdminJob> {
    const res = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: form(organization, logoUrl),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.logos.idle();
    return res.json();
  }
  const publicJob = async (id: string | number) =>
    (await t.app.inject(`/api/jobs/${id}`)).json() as Job;
  const logoRows = () => t.db('logos').count({ n: '*' }).first();
  const refusals = () => log.filter((line) => line.includes('company logo not taken'));

  it('fetches a PNG and a JPEG once, re-encodes them, stores each once and serves them itself', async () => {
    const first = await adminJob('Open Ballot Project', `${origin}/logo.png`);
    const job = await publicJob(first.id);
    expect(job.company.logo).toMatch(/^\/logos\/[0-9a-f]{64}\.png$/);
    expect(JSON.stringify(job)).not.toContain(origin);

    const served = await t.app.inject(job.company.logo!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Re-encoded within 256 x 256, its shape kept.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 256,
      height: 128,
    });

    // The same bytes from another address and another company: one row.
    const second = await adminJob('Riverkeepers', `${origin}/same.png`);
    expect((await publicJob(second.id)).company.logo).toBe(job.company.logo);
    expect(await logoRows()).toEqual({ n: 1 });

    // A JPEG (sent as text/plain: the content decides) becomes a PNG of its own.
    const third = await adminJob('Civic Data Lab', `${origin}/logo.jpg`);
    const jpegLogo = (await publicJob(third.id)).company.logo!;
    expect(jpegLogo).toMatch(/^\/logos\/[0-9a-f]{64}\.png$/);
    expect(jpegLogo).not.toBe(job.company.logo);
    const servedJpeg = await t.app.inject(jpegLogo);
    expect(servedJpeg.headers['content-type']).toBe('image/png');
    expect(await sharp(servedJpeg.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 77,
      height: 256,
    });
    expect(Number((await logoRows())?.n)).toBe(2);
    // Fetched once each: later changes of the board do not fetch again.
    await adminJob('Another Org', '');
    expect(hits.get('/logo.png')).toBe(1);
    expect(hits.get('/logo.jpg')).toBe(1);
    expect(refusals()).toEqual([]);

    // The admin reads the address it was given (in `company.logo` too, as an admin remote built
    // before logos were stored reads it for its form); the page shows the stored copy.
    const edited = (await admin({ url: `/api/admin/jobs/${first.id}` })).json() as AdminJob;
    expect(edited.logoSource).toBe(`${origin}/logo.png`);
    expect(edited.company.logo).toBe(`${origin}/logo.png`);
    // Saved back as such a remote sends it, the job keeps its address and its stored copy.
    const resaved = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${first.id}`,
      payload: { logoUrl: edited.company.logo },
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect((await publicJob(first.id)).company.logo).toBe(job.company.logo);
    expect(refusals()).toEqual([]);
  });

  it('keeps the longest address a company may give, fetched or failed (PostgreSQL widths)', async () => {
    const padded = (path: string) => {
      const base = `${origin}${path}?pad=`;
      return base + 'x'.repeat(JOB_LIMITS.companyUrl - base.length);
    };
    const good = padded('/logo.png');
    const bad = padded('/page.html');
    expect(good).toHaveLength(JOB_LIMITS.companyUrl);
    await adminJob('Long Address Org', good);
    await adminJob('Long Broken Org', bad);
    expect(await t.db('logos').select('source_url')).toEqual([{ source_url: good }]);
    expect(
      await t.db('companies').where({ name: 'Long Broken Org' }).first('logo_failed_url'),
    ).toEqual({ logo_failed_url: bad });
  });

  it('answers an unknown or malformed logo name with a 404', async () => {
    expect((await t.app.inject(`/logos/${'a'.repeat(64)}.png`)).statusCode).toBe(404);
    expect((await t.app.inject('/logos/..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    expect((await t.app.inject('/logos/abc.png')).statusCode).toBe(404);
  });

  it.each([
    ['an oversize file', '/huge.png', LOGO_REFUSALS.tooLarge],
    ['a web page', '/page.html', LOGO_REFUSALS.notImage],
    ['an SVG', '/logo.svg', LOGO_REFUSALS.svg],
    ['a redirect to a private address', '/to-private', LOGO_REFUSALS.address],
    ['a server that never finishes', '/hang.png', LOGO_REFUSALS.timeout],
  ])('refuses %s without failing the edit: no logo, logged once', async (_, path, reason) => {
    const job = await adminJob('Open Ballot Project', `${origin}${path}`);
    expect((await publicJob(job.id)).company).not.toHaveProperty('logo');
    expect(await logoRows()).toEqual({ n: 0 });
    expect(refusals()).toHaveLength(1);
    expect(refusals()[0]).toContain(reason);

    // Not tried again on every change of the board...
    await adminJob('Another Org', '');
    expect(refusals()).toHaveLength(1);
    // ...but when an edit gives the address again.
    const res = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${job.id}`,
      payload: { ...form('Open Ballot Project', `${origin}${path}`), title: 'Lead Organizer' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.logos.idle();
    expect(refusals()).toHaveLength(2);
  });

  it('an edit to a good address replaces a failed one', async () => {
    const job = await adminJob('Open Ballot Project', `${origin}/page.html`);
    const res = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${job.id}`,
      payload: form('Open Ballot Project', `${origin}/logo.png`),
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.logos.idle();
    expect((await publicJob(job.id)).company.logo).toMatch(/^\/logos\/[0-9a-f]{64}\.png$/);
  });

  it("fetches the logo of an approved submission's job once it is published", async () => {
    const submitted = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: { ...VALID_SUBMISSION, organization: 'Paid Org', logoUrl: `${origin}/logo.jpg` },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const approved = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${submitted.json().id}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const { paymentUrl } = approved.json();
    await pay(t, stripe, await startCheckout(t, stripe, tokenOf(paymentUrl)));
    await t.app.logos.idle();
    const jobs = (await t.app.inject('/api/jobs')).json() as Job[];
    const published = jobs.find((job) => job.company.name === 'Paid Org')!;
    expect(published.company.logo).toMatch(/^\/logos\/[0-9a-f]{64}\.png$/);
    expect(hits.get('/logo.jpg')).toBe(1);
  });

  it('fetches the logos of synced jobs, and a failed one again at the next sync', async () => {
    airtable.records = [
      airtableJob(1, { Organization: 'Synced Org', 'Company Logo': `${origin}/logo.png` }),
      airtableJob(2, { Organization: 'Broken Org', 'Company Logo': `${origin}/page.html` }),
    ];
    const synced = await admin({ url: '/api/refresh-jobs' });
    expect(synced.statusCode, synced.body).toBe(200);
    await t.app.logos.idle();
    const logos = await t
      .db('companies')
      .whereIn('name', ['Synced Org', 'Broken Org'])
      .orderBy('name')
      .select('name', 'logo_hash', 'logo_failed_url');
    expect(logos).toEqual([
      { name: 'Broken Org', logo_hash: null, logo_failed_url: `${origin}/page.html` },
      {
        name: 'Synced Org',
        logo_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        logo_failed_url: null,
      },
    ]);
    expect(refusals()).toHaveLength(1);

    airtable.records[0] = airtableJob(1, {
      Organization: 'Synced Org',
      'Company Logo': `${origin}/logo.png`,
      Title: 'Changed title',
    });
    expect((await admin({ url: '/api/refresh-jobs' })).statusCode).toBe(200);
    await t.app.logos.idle();
    expect(refusals()).toHaveLength(2);
    expect(hits.get('/logo.png')).toBe(1);
  });

  it('the pages allow pictures from our own origin only', async () => {
    const res = await t.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1];
    expect(imgSrc).toBe("'self' data:");
    expect(csp).not.toMatch(/img-src[^;]*https:/);
  });
});

describe(`the backfill (jobboard logos fetch) on ${testDatabase}`, () => {
  it('fetches the logos of companies already on the board, and retries failures when asked', async () => {
    // As the command runs: no background fetching, the same download settings.
    const t = await buildTestApp({ logoFetch: SETTINGS, env: { LOGO_FETCH: 'false' } });
    try {
      await t.app.jobs.createMany(
        [
          jobInput({ title: 'Old job 1', organization: 'Old Org', logoUrl: `${origin}/logo.png` }),
          jobInput({
            title: 'Old job 2',
            organization: 'Old Broken Org',
            logoUrl: `${origin}/page.html`,
          }),
        ],
        t.clock.now,
      );
      // Until it runs: no logo rather than a hot-link.
      for (const job of (await t.app.inject('/api/jobs')).json() as Job[]) {
        expect(job.company).not.toHaveProperty('logo');
      }
      expect(await t.app.logos.run()).toMatchObject({ stored: 1, failed: 1 });
      expect(await t.app.logos.run()).toEqual({ stored: 0, failed: 0, refusals: [] });
      expect(await t.app.logos.run({ retryFailed: true })).toEqual({
        stored: 0,
        failed: 1,
        refusals: [{ logoUrl: `${origin}/page.html`, reason: LOGO_REFUSALS.notImage }],
      });
      const jobs = (await t.app.inject('/api/jobs')).json() as Job[];
      const logos = Object.fromEntries(jobs.map((one) => [one.company.name, one.company.logo]));
      expect(logos['Old Org']).toMatch(/^\/logos\/[0-9a-f]{64}\.png$/);
      expect(logos['Old Broken Org']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
