import fc from 'fast-check';
import { HUMAN_PROOF_MESSAGES } from '@jobboard/contract/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SUBMISSION_CASES,
  SUBMISSION_PAYLOAD_CASES,
  VALID_SUBMISSION,
} from '@jobboard/contract/testing';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    env: { SUBMISSION_RATE_LIMIT_MAX: '1000', ADMIN_EMAIL: 'review@board.example' },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db('outbox').delete();
  await t.db('submission_events').delete();
  await t.db('submissions').delete();
  await t.db('promo_codes').delete();
});

const submit = (payload: unknown, headers: Record<string, string> = {}) =>
  injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: payload as object,
    headers,
  });
const count = async (table: string) => Number((await t.db(table).count({ n: '*' }))[0]!.n);
const DAY = 24 * 60 * 60 * 1000;

async function addPromo(row: Record<string, unknown>) {
  await t.db('promo_codes').insert({ created_at: 0, updated_at: 0, ...row });
}

describe(`POST /api/submit-job-for-review on ${testDatabase}`, () => {
  it('stores a good submission for review, normalised, with the tier price, and answers 201', async () => {
    const res = await submit({
      ...VALID_SUBMISSION,
      title: '  Communications \n  Director ',
      organization: 'Coastal  Justice\tFund',
      description: `${VALID_SUBMISSION.description}\r\n\r\nApply by January.  `,
      category: ['communications', 'Communications', 'News and Audience'],
      salaryMin: '85,000',
      deadline: '1-15-2027',
      selectedTier: 'basic',
      experienceLevel: 'Not specified',
    });
    expect(res.statusCode).toBe(201);
    const { id, status } = res.json();
    expect(status).toBe('pending_review');
    const row = await t
      .db('submissions')
      .where({ id: Number(id) })
      .first();
    expect(row).toMatchObject({
      title: 'Communications Director',
      organization: 'Coastal Justice Fund',
      description: `${VALID_SUBMISSION.description}\n\nApply by January.`,
      categories: JSON.stringify(['Communications', 'News and Audience']),
      salary_min: 85_000,
      salary_max: 105_000,
      deadline: '2027-01-15',
      experience_level: 'Not specified',
      listing_type: 'basic',
      amount_cents: 9_900,
      status: 'pending_review',
      submitted_at: t.clock.now.getTime(),
    });
    expect(
      await t
        .db('submission_events')
        .where({ submission_id: Number(id) })
        .first(),
    ).toMatchObject({
      to_status: 'pending_review',
      actor: 'employer',
    });
  });

  it('prices the Multiples Listing at $199', async () => {
    const res = await submit({
      ...VALID_SUBMISSION,
      listingType: 'featured',
      selectedTier: 'featured',
    });
    expect(
      (
        await t
          .db('submissions')
          .where({ id: Number(res.json().id) })
          .first()
      ).amount_cents,
    ).toBe(19_900);
  });

  it('queues the two e-mails with the submission: the job for the admins only', async () => {
    const res = await submit(VALID_SUBMISSION);
    const mails = await t.db('outbox').orderBy('id');
    expect(mails.map((m) => [m.template, m.to_address])).toEqual([
      ['submission-received', 'hiring@coastaljusticefund.org'],
      ['new-submission', 'review@board.example'],
    ]);
    const [received, notice] = mails;
    expect(received.subject).toBe(`We received your job submission (reference #${res.json().id})`);
    expect(`${received.subject}\n${received.text_body}`).not.toContain('Coastal Justice Fund');
    expect(received.text_body).toContain('within 24 hours');
    expect(notice.subject).toContain('Communications Director');
    expect(notice.text_body).toContain('Coastal Justice Fund');
    expect(notice.text_body).toContain('Jordan Lee <hiring@coastaljusticefund.org>');
  });

  describe('bad input is refused with the form messages and stores nothing', () => {
    it.each(SUBMISSION_CASES)('$name', async ({ change, field, message }) => {
      const res = await submit({ ...VALID_SUBMISSION, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(message);
      expect(res.json().message).toContain(`${field}: ${message}`);
      expect(await count('submissions')).toBe(0);
      expect(await count('outbox')).toBe(0);
    });

    it('names every field of an empty body', async () => {
      const res = await submit({});
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toHaveLength(9);
    });

    it.each(SUBMISSION_PAYLOAD_CASES)('$name', async ({ change, field, message }) => {
      const res = await submit({ ...VALID_SUBMISSION, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ [field]: message });
      expect(await count('submissions')).toBe(0);
    });

    it.each([
      ['broken JSON', 'application/json', 400, '{"title": '],
      ['an empty body', 'application/json', 400, ''],
      ['a list', 'application/json', 400, '[]'],
      ['plain text', 'text/plain', 400, 'Communications Director'],
      ['a form post', 'application/x-www-form-urlencoded', 415, 'title=Director'],
    ])('answers %s sent as %s with %i and a JSON message', async (_, type, status, body) => {
      const res = await injectWithProof(t.app, {
        method: 'POST',
        url: '/api/submit-job-for-review',
        headers: { 'content-type': type },
        payload: body,
      });
      expect(res.statusCode).toBe(status);
      expect(typeof res.json().message).toBe('string');
      expect(await count('submissions')).toBe(0);
    });

    it('says what is wrong with a body that is not an object, without echoing it', async () => {
      const res = await injectWithProof(t.app, {
        method: 'POST',
        url: '/api/submit-job-for-review',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify('x'.repeat(1000)),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Please send a JSON object' });
    });

    it('refuses a body over 64 KB with 413 JSON', async () => {
      const res = await submit({ ...VALID_SUBMISSION, description: 'x'.repeat(65 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toHaveProperty('message');
      expect(await count('submissions')).toBe(0);
    });
  });

  describe('promo codes', () => {
    it.each([
      [{ code: 'NONPROFIT20', percent_off: 20 }, ' nonprofit20 ', 'basic', 7_920],
      [{ code: 'THIRD', percent_off: 33 }, 'third', 'featured', 13_333],
      [{ code: 'TENOFF', amount_off_cents: 1_000 }, 'TenOff', 'basic', 8_900],
      [{ code: 'TENOFF', amount_off_cents: 1_000 }, 'TENOFF', 'featured', 18_900],
      // Never below the $1 minimum charge, whatever the discount.
      [{ code: 'FREE', percent_off: 100 }, 'FREE', 'basic', 100],
      [{ code: 'BIG', amount_off_cents: 50_000 }, 'big', 'featured', 100],
    ])('%j used as "%s" on %s costs %i cents', async (promo, typed, tier, amount) => {
      await addPromo(promo);
      const res = await submit({ ...VALID_SUBMISSION, listingType: tier, promoCode: typed });
      expect(res.statusCode).toBe(201);
      const row = await t
        .db('submissions')
        .where({ id: Number(res.json().id) })
        .first();
      const promoRow = await t.db('promo_codes').first();
      expect(row).toMatchObject({
        amount_cents: amount,
        promo_code: promo.code,
        promo_code_id: promoRow.id,
      });
      expect(promoRow.redemptions).toBe(0); // counted when paid
    });

    it.each([
      ['unknown', {}, 'This promo code is not valid'],
      [
        'switched off',
        { code: 'SAVE', percent_off: 10, active: false },
        'This promo code is not valid',
      ],
      [
        'not started',
        { code: 'SAVE', percent_off: 10, starts_at: Date.parse('2026-11-22T12:00:00Z') + DAY },
        'This promo code is not active yet',
      ],
      [
        'expired',
        { code: 'SAVE', percent_off: 10, ends_at: Date.parse('2026-11-22T12:00:00Z') },
        'This promo code has expired',
      ],
      [
        'used up',
        { code: 'SAVE', percent_off: 10, max_redemptions: 3, redemptions: 3 },
        'This promo code has been fully redeemed',
      ],
    ])('refuses a code that is %s, storing nothing', async (_, promo, message) => {
      if ('code' in promo) await addPromo(promo);
      const res = await submit({ ...VALID_SUBMISSION, promoCode: 'save' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'promoCode', fields: { promoCode: message } });
      expect(await count('submissions')).toBe(0);
    });

    it('accepts a code on its last day and with redemptions left', async () => {
      await addPromo({
        code: 'LAST',
        percent_off: 50,
        ends_at: Date.parse('2026-11-22T12:00:01Z'),
        max_redemptions: 3,
        redemptions: 2,
      });
      expect((await submit({ ...VALID_SUBMISSION, promoCode: 'LAST' })).statusCode).toBe(201);
    });
  });

  it("refuses a filled honeypot with the spam check's one message, stores and sends nothing, and logs it (issue 45)", async () => {
    logLines.length = 0;
    const res = await submit({ ...VALID_SUBMISSION, website: 'https://spam.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: HUMAN_PROOF_MESSAGES.refused });
    expect(await count('submissions')).toBe(0);
    expect(await count('outbox')).toBe(0);
    expect(logLines.join('')).toContain('"reason":"honeypot"');
  });

  it('ignores an empty honeypot, as the real form sends it', async () => {
    expect((await submit({ ...VALID_SUBMISSION, website: '' })).statusCode).toBe(201);
    expect(await count('submissions')).toBe(1);
  });

  it('never answers arbitrary bodies with a 5xx, and stores only valid ones', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            Object.fromEntries(
              Object.entries({
                ...VALID_SUBMISSION,
                selectedTier: 'basic',
                experienceLevel: 'Not specified',
              }).map(([key, valid]) => [
                key,
                fc.oneof(fc.constant(valid), fc.jsonValue(), fc.string()),
              ]),
            ),
            { requiredKeys: [] },
          ),
        ),
        async (body) => {
          const before = await count('submissions');
          const res = await injectWithProof(t.app, {
            method: 'POST',
            url: '/api/submit-job-for-review',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode !== 201) expect(typeof res.json().message).toBe('string');
          expect(await count('submissions')).toBe(before + (res.statusCode === 201 ? 1 : 0));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe(`the submission rate limit on ${testDatabase}`, () => {
  it('answers 429 with a clear message after the limit', async () => {
    const strict = await buildTestApp({ env: { SUBMISSION_RATE_LIMIT_MAX: '2' } });
    try {
      const post = () =>
        injectWithProof(strict.app, {
          method: 'POST',
          url: '/api/submit-job-for-review',
          payload: VALID_SUBMISSION,
        });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const limited = await post();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(
        /^Too many requests\. Please wait \d+ seconds and try again\.$/,
      );
      expect(Number((await strict.db('submissions').count({ n: '*' }))[0]!.n)).toBe(2);
      // The limit is per client address: someone else can still submit.
      const elsewhere = await injectWithProof(strict.app, {
        method: 'POST',
        url: '/api/submit-job-for-review',
        payload: VALID_SUBMISSION,
        remoteAddress: '203.0.113.9',
      });
      expect(elsewhere.statusCode).toBe(201);
    } finally {
      await strict.close();
    }
  });
});
