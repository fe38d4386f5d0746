import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type ConfigError } from '../../../src/platform/config';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';
import { injectWithProof } from '../../support/human-proof';

/** The problems loadConfig reports for one TRUST_PROXY value. */
function problemsOf(value: string): string[] {
  try {
    loadConfig({ TRUST_PROXY: value });
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
}

describe('TRUST_PROXY', () => {
  it('takes proxy addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,fd00::/8, ::1,loopback' }).trustProxy,
    ).toEqual(['10.0.0.2', '192.168.0.0/16', 'fd00::/8', '::1', 'loopback']);
  });

  it.each(['true', 'TRUE', 'yes', '*'])(
    'refuses %s (every hop), saying what to write instead',
    (value) => {
      const [problem] = problemsOf(value);
      expect(problem).toMatch(/^TRUST_PROXY must not be true/);
      expect(problem).toContain('TRUST_PROXY=127.0.0.1,::1');
      expect(problem).toContain('TRUST_PROXY=10.0.0.2,192.168.0.0/16');
    },
  );

  it.each(['1', '2', '10'])(
    'refuses the hop count %s, naming the addresses to write instead (issue 46)',
    (value) => {
      expect(problemsOf(value)).toEqual([
        'TRUST_PROXY must no longer be a number of proxies: a count believes X-Forwarded-For from whoever connects, so a client reaching the port directly could write its own address and slip past the rate limits. ' +
          'Name the proxies in front of the server by their addresses or CIDR ranges, separated by commas (for example TRUST_PROXY=127.0.0.1,::1 for nginx or Caddy on this host, or TRUST_PROXY=10.0.0.2,192.168.0.0/16; loopback names 127.0.0.0/8 and ::1)' +
          ` (got "${value}")`,
      ]);
    },
  );

  it('listens on 127.0.0.1 behind a proxy unless HOST says otherwise (issue 46)', () => {
    expect(loadConfig({})).toMatchObject({ host: '0.0.0.0', hostForProxy: false });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,::1' })).toMatchObject({
      host: '127.0.0.1',
      hostForProxy: true,
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2', HOST: '0.0.0.0' })).toMatchObject({
      host: '0.0.0.0',
      hostForProxy: false,
    });
    expect(loadConfig({ HOST: '::1' })).toMatchObject({ host: '::1', hostForProxy: false });
  });

  it.each(['11', '1000', '10.0.0.0/33', '10.0.0', 'proxy.internal', '1.2.3.4,', 'fd00::/129'])(
    'refuses %s with a clear message',
    (value) => {
      expect(problemsOf(value)).toHaveLength(1);
      expect(problemsOf(value)[0]).toMatch(/^TRUST_PROXY must/);
    },
  );
});

describe('TRUST_PROXY ranges that hold public addresses (issue 43, finding 12)', () => {
  it.each([
    '::/8',
    '::ffff:0:0/96',
    '::ffff:0:0/97',
    '8.0.0.0/8',
    '172.16.0.0/11',
    '2001:db8::/32',
  ])('refuses %s: every client in it could choose its own address', (value) => {
    const problems = problemsOf(value);
    expect(problems).toEqual([
      expect.stringMatching(/^TRUST_PROXY must not name ranges that hold public addresses/),
    ]);
    expect(problems[0]).toContain(`"${value}"`);
  });

  it('takes private, loopback, link-local and shared ranges, their IPv4-mapped forms and single addresses', () => {
    const value =
      '10.1.0.0/16, 172.16.0.0/12, 192.168.0.0/16, 127.0.0.1/32, 169.254.0.0/16, 100.64.0.0/10, fd00::/8, fe80::/64, ::ffff:10.0.0.0/104, 203.0.113.7, 2001:db8::1';
    expect(problemsOf(value)).toEqual([]);
  });

  it("takes a CDN's published ranges when TRUST_PROXY_PUBLIC_RANGES=true says so", () => {
    expect(
      loadConfig({ TRUST_PROXY: '173.245.48.0/20', TRUST_PROXY_PUBLIC_RANGES: 'true' }).trustProxy,
    ).toEqual(['173.245.48.0/20']);
  });
});

describe('TRUST_PROXY ranges that cover every address, or that the proxy parser cannot read', () => {
  it.each([
    '0.0.0.0/0,::/0',
    '0.0.0.0/0',
    '::/0',
    '10.0.0.2, 1.2.3.4/00',
    '::ffff:0.0.0.0/0',
    '0.0.0.0/1,128.0.0.0/1',
    '::/1',
    '10.0.0.0/7',
  ])('refuses %s as every hop, saying what to write instead', (value) => {
    const problems = problemsOf(value);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^TRUST_PROXY must not name every address, nor ranges wider than \/8 \(".*\/0*[0-7]"/,
    );
    expect(problems[0]).toContain('TRUST_PROXY=127.0.0.1,::1');
  });

  it.each(['garbage', '10.0.0.1/abc', '10.0.0.1/8/8', ',', '::/', '10.0.0.1 10.0.0.2'])(
    'refuses %s with the configuration message',
    (value) => {
      expect(problemsOf(value)).toEqual([
        expect.stringMatching(/^TRUST_PROXY must be proxy addresses or CIDR ranges/),
      ]);
    },
  );

  it('accepts only ranges the server can start with (the widest: /8)', async () => {
    const widest = '10.0.0.0/8, fd00::/8, ::ffff:10.0.0.0/104, fe80::1%eth0';
    const started = await buildTestApp({ env: { TRUST_PROXY: widest } });
    await started.close();
  });

  it('is listed with the other problems, not thrown at start', () => {
    let problems: string[] = [];
    try {
      loadConfig({ TRUST_PROXY: '0.0.0.0/0,::/0', PORT: 'nope' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^PORT /),
      expect.stringMatching(/^TRUST_PROXY must not name every address/),
    ]);
  });
});

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Six submissions from one client behind the proxy, each claiming another address. */
async function spoofedBurst(app: TestApp, proxy: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await injectWithProof(app.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: {},
      remoteAddress: proxy,
      // What the client wrote, then what the proxy appended: the client's real address.
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.7` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe(`rate limits behind a proxy on ${testDatabase}`, () => {
  it.each([
    ['the proxy address', '10.0.0.2'],
    ['the proxy network', '10.0.0.0/8'],
  ])('with %s, a client cannot pick its own address to pass the limit', async (_, setting) => {
    t = await buildTestApp({ env: { TRUST_PROXY: setting } });
    const statuses = await spoofedBurst(t, '10.0.0.2');
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.2' } });
    const statuses = await spoofedBurst(t, '192.0.2.50');
    expect(statuses[5]).toBe(429);
  });

  it('counts a direct request by its socket address, whatever it forges, and a proxied one by the address the proxy saw (issue 46)', async () => {
    t = await buildTestApp({
      env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8', SUBMISSION_RATE_LIMIT_MAX: '1' },
    });
    const app = t;
    const submit = async (socket: string, forwardedFor: string) =>
      (
        await injectWithProof(app.app, {
          method: 'POST',
          url: '/api/submit-job-for-review',
          payload: {},
          remoteAddress: socket,
          headers: { 'x-forwarded-for': forwardedFor },
        })
      ).statusCode;
    // Straight to the port from 192.0.2.50: two different forged headers, one limit (of 1).
    expect(await submit('192.0.2.50', '198.51.100.1')).toBe(400);
    expect(await submit('192.0.2.50', '198.51.100.2')).toBe(429);
    // Through the proxy at 10.0.0.2: each visitor it names has a limit of their own...
    expect(await submit('10.0.0.2', '198.51.100.1')).toBe(400);
    expect(await submit('10.0.0.2', '198.51.100.2')).toBe(400);
    // ...and the one who was counted is refused, whichever trusted proxy it comes through.
    expect(await submit('10.0.0.3', '198.51.100.1')).toBe(429);
    // The proxy's own address was never counted: the direct client behind 192.0.2.50 is
    // through the proxy a visitor like any other.
    expect(await submit('127.0.0.1', '192.0.2.50')).toBe(429);
  });
});
