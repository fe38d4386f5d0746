import { MAX_AMOUNT_CENTS } from '@jobboard/contract/admin';
import { MAX_INT4 } from '@jobboard/contract/jobs';
import fc from 'fast-check';

/**
 * How many cases a property test tries: all of them in `pnpm test`, a quarter in the fast tier
 * (`pnpm test:fast` sets TEST_TIER=fast), which runs on every change and wants the answer in
 * seconds; FUZZ_RUNS sets the number outright (a long hunt: FUZZ_RUNS=5000).
 */
export function fuzzRuns(full: number): number {
  if (process.env.FUZZ_RUNS) return Number(process.env.FUZZ_RUNS);
  return process.env.TEST_TIER === 'fast' ? Math.ceil(full / 4) : full;
}

/**
 * Values for fuzzing bodies and queries: text of every kind (any code point, NUL, lone surrogates,
 * emoji, lengths around the columns' widths), numbers around every bound the columns have, and
 * any JSON at all.
 */
export const fuzzText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 190, maxLength: 310 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ minLength: 1990, maxLength: 2010 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '😀'.repeat(160),
    'x'.repeat(301),
    '<script>alert(1)</script>',
    "'; DROP TABLE jobs; --",
    'https://example.org/' + 'a'.repeat(1990),
    '2026-02-30',
    '9999-12-31',
    'Deadline: 13-45-2026',
  ),
);

export const fuzzNumber = fc.oneof(
  fc.integer(),
  fc.integer({ min: MAX_INT4 - 2, max: MAX_INT4 + 2 }),
  fc.integer({ min: MAX_AMOUNT_CENTS - 2, max: MAX_AMOUNT_CENTS + 2 }),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 32, 2 ** 53, -(2 ** 31) - 1, 1e300, -1e300, 0.5, 99.99),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const fuzzValue = fc.oneof(
  fuzzText,
  fuzzNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Values of the same kind as `value`: text for text, numbers for numbers, lists of text for lists. */
function sameKind(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'number') return fuzzNumber;
  if (typeof value === 'boolean') return fc.oneof(fc.boolean(), fuzzValue);
  if (Array.isArray(value)) {
    return fc.oneof(fc.array(fuzzText, { maxLength: 25 }), fc.array(fuzzValue, { maxLength: 5 }));
  }
  return fuzzText;
}

/**
 * A valid body with one to three of its fields replaced by a value of their own kind, by anything
 * at all, or left out: every other field stays valid, so the odd value reaches past the first
 * check, into the service and the database.
 */
export function nearly(
  valid: Record<string, unknown>,
  special: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  const replacement = (key: string) =>
    fc.option(fc.oneof({ weight: 3, arbitrary: special[key] ?? sameKind(valid[key]) }, fuzzValue), {
      nil: undefined,
      freq: 8,
    });
  return fc
    .uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 3 })
    .chain((chosen) =>
      fc.tuple(...chosen.map((key) => replacement(key).map((value) => [key, value] as const))),
    )
    .map((changes) => {
      const body: Record<string, unknown> = { ...valid };
      for (const [key, value] of changes) {
        if (value === undefined) delete body[key];
        else body[key] = value;
      }
      return body;
    });
}

/** A path segment of any text, as a browser would send it. */
export const fuzzSegment = fc
  .oneof(
    fuzzText.filter((s) => s.length > 0 && s.length < 300),
    fc.integer().map(String),
    fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
    fc.constantFrom('0', '-1', '01', '1e3', '2147483647', '2147483648', '9999999999999999'),
  )
  .map((s) => encodeURIComponent(wellFormed(s)));

/** Lone surrogates made U+FFFD, as a browser does before it encodes a URL. */
export function wellFormed(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

/** A query string of any keys and values. */
export const fuzzQuery = fc
  .dictionary(
    fc.oneof(fc.constantFrom('page', 'pageSize', 'q', 'id'), fc.string({ maxLength: 10 })),
    fc.oneof(fuzzText, fuzzNumber.map(String)),
    { maxKeys: 4 },
  )
  .map((entries) => new URLSearchParams(entries).toString());

/** The board's own query string (filter-query.ts), each name with any value, some repeated. */
export const fuzzBoardQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('q', 'location', 'category', 'salary', 'sort') },
        fc.constantFrom('fullTime', 'partTime', 'contract', 'remote', 'entry', 'mid', 'senior'),
        fc.string({ maxLength: 10 }),
      ),
      fc.oneof(
        fuzzText.map(wellFormed),
        fc.constantFrom('true', 'false', 'relevance', 'salary-high', '100k-plus', 'Fundraising'),
      ),
    ),
    { maxLength: 60 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

/** The bytes of a request body: any text or bytes, broken JSON, and now and then too large. */
export const fuzzBody = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(
    '',
    '{',
    '{"query":',
    '[',
    'nul',
    '"\\ud800"',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"a":1,"a":2}',
    '1e99999',
    '\ufeff{}',
    'a=1&b=2',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    `{"title":"${'x'.repeat(70_000)}"}`,
    `[${'['.repeat(5_000)}${']'.repeat(5_000)}]`,
  ),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
);

/** Content types a client may claim for a body, right or wrong. */
export const fuzzContentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'Application/JSON',
  'application/merge-patch+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json, text/plain',
  ';',
  '',
);

let addresses = 0;

/**
 * A client address of its own for each request (app.inject's `remoteAddress`), for routes that
 * limit each address (sign-in, checkout): otherwise all but the first few fuzzed inputs would get
 * the limiter's 429 and never reach the code under test.
 */
export function nextAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}
