import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUMES, jobTakingApplications, multipart } from '../support/applications';
import { CSRF } from '../support/admin';
import { solvedProof } from '../support/human-proof';
import {
  fuzzBody,
  fuzzContentType,
  fuzzRuns,
  fuzzSegment,
  fuzzText,
  nextAddress,
} from '../support/fuzz';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The application form under arbitrary input (issue 42), on both databases, as the other fuzz
 * suites: any text in any field (NUL, lone surrogates, the columns' widths), any file bytes under
 * any name, any part names, any body under any content type, any id. Never a 5xx; every refusal
 * of the dialog's call is JSON with a message, and what is stored fits its columns.
 */

let t: TestApp;
let jobId: number;
beforeAll(async () => {
  t = await buildTestApp();
  jobId = await jobTakingApplications(t, {
    apply_method: 'form',
    screening_questions: JSON.stringify([
      { id: 'q1', kind: 'text', label: 'Why us?', required: true, choices: [] },
      { id: 'q2', kind: 'choice', label: 'Start', required: false, choices: ['Now', 'Later'] },
    ]),
  });
});
afterAll(() => t.close());

const RUNS = fuzzRuns(100);
const FIELD_NAMES = fc.constantFrom(
  'name',
  'email',
  'phone',
  'links',
  'coverNote',
  'answers.q1',
  'answers.q2',
  'answers.q9',
  'resume',
  '__proto__',
  'constructor',
);
const fuzzFile = fc.oneof(
  fc.constant(RESUMES.pdf),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.from('%PDF-')),
  fc.constant(Buffer.from('504b030414000000', 'hex')),
);

async function expectHandled(res: Awaited<ReturnType<TestApp['app']['inject']>>, json = true) {
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  if (json && res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
}

describe(`POST /api/jobs/:id/applications under arbitrary input on ${testDatabase}`, () => {
  it('any text in any field, any file under any name: never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(FIELD_NAMES, fuzzText, { maxKeys: 8 }),
        fc.option(fc.record({ filename: fuzzSegment, bytes: fuzzFile }), { nil: undefined }),
        fc.boolean(),
        async (fields, file, fromDialog) => {
          // Past the spam check (issue 45), as a person's form: the dialog's solved challenge,
          // or the proof the page without JavaScript was drawn with.
          const humanProof = fromDialog
            ? await solvedProof(t.app)
            : await t.app.humanProof.pageProof(t.clock.now);
          const body = multipart(
            Object.fromEntries(
              Object.entries({ ...fields, humanProof }).map(([k, v]) => [
                k,
                v.replace(/\r?\n--/g, '\n- '),
              ]),
            ),
            file
              ? [
                  {
                    name: 'resume',
                    filename: file.filename.replace(/["\r\n]/g, ''),
                    bytes: file.bytes,
                  },
                ]
              : [],
          );
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/jobs/${jobId}/applications`,
            payload: body.payload,
            headers: { ...body.headers, ...(fromDialog ? CSRF : {}) },
            remoteAddress: nextAddress(),
          });
          await expectHandled(res, fromDialog);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('any body under any content type, any id: never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzBody, fuzzContentType, fuzzSegment, async (payload, type, id) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/jobs/${encodeURIComponent(id)}/applications`,
          payload,
          headers: { 'content-type': type, ...CSRF },
          remoteAddress: nextAddress(),
        });
        await expectHandled(res);
      }),
      { numRuns: RUNS },
    );
  });

  it('a broken multipart body: never a 5xx', async () => {
    const good = multipart({ name: 'A' }, [
      { name: 'resume', filename: 'a.pdf', bytes: RESUMES.pdf },
    ]);
    for (const cut of [10, 60, 120, good.payload.length - 5]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/jobs/${jobId}/applications`,
        payload: good.payload.subarray(0, cut),
        headers: { ...good.headers, ...CSRF },
        remoteAddress: nextAddress(),
      });
      await expectHandled(res);
    }
  });
});
