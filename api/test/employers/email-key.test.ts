import type { AdminSubmission } from '@jobboard/contract/admin';
import { emailKey } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, CSRF, createAdmin, login, signedIn } from '../support/admin';
import { askForLink, employerCookie, newestLinkToken, signInWith } from '../support/employers';
import { FakeGhost } from '../support/fake-ghost';
import { memberSignIn } from '../support/members';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * R5 of issue 41: whom an e-mail address stands for has one home, the contract's emailKey
 * (trimmed, lower case). A dozen copies wrote it before, some without the trim. One person types
 * their address with spaces and capitals in one place and plainly in another: the member's
 * sign-in, the employers' area and its listings, job alerts, listing credits and the caps on
 * acknowledgements all take them for one person. The admins' usernames have a key of their own,
 * the same shape (normaliseUsername), used by the sign-in and the command line alike.
 */

const PLAIN = 'ana@example.org';
/** The same address as people type it. */
const TYPED = [' Ana@Example.org ', 'ANA@EXAMPLE.ORG', 'ana@Example.ORG  ', PLAIN];

let ghost: FakeGhost;
let t: TestApp;
let client = 0;
/** A client address of its own for each request: the rate limits are not what is tested here. */
const nextClient = () => `198.51.100.${(client += 1)}`;

beforeAll(async () => {
  ghost = await FakeGhost.start();
  t = await buildTestApp({ env: { GHOST_URL: `${ghost.url}/` } });
});
afterAll(async () => {
  await t.close();
  await ghost.stop();
});

const submit = (contactEmail: string) =>
  injectWithProof(t.app, {
    method: 'POST',
    url: ENDPOINTS.submitJob.path,
    payload: { ...VALID_SUBMISSION, contactEmail },
    remoteAddress: nextClient(),
  });

describe(`one person, however they type their address, on ${testDatabase} (issue 41, R5)`, () => {
  it('has one key', () => {
    expect(new Set(TYPED.map(emailKey))).toEqual(new Set([PLAIN]));
  });

  it("is one member, whatever Ghost's token says", async () => {
    const iat = Math.floor(t.clock.now.getTime() / 1000);
    for (const [i, email] of TYPED.entries()) {
      const res = await memberSignIn(t, ghost.token({ email, iat: iat + i, exp: iat + 600 }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().member.email).toBe(PLAIN);
    }
    expect(Number((await t.db('members').count({ n: '*' }))[0]!.n)).toBe(1);
  });

  it('follows one alert, once', async () => {
    const { max } = t.config.rateLimits.alertConfirmationsPerAddress;
    expect(max).toBeLessThan(TYPED.length);
    for (const [i, email] of TYPED.entries()) {
      const res = await injectWithProof(t.app, {
        method: 'POST',
        url: '/api/alerts',
        payload: { email, frequency: 'daily', search: '?q=grants' },
        remoteAddress: nextClient(),
      });
      // Asked again, an unconfirmed alert sends a fresh link, up to the cap of one address.
      expect(res.statusCode, res.body).toBe(i < max ? 201 : 429);
    }
    const rows = await t.db('job_alerts').select('email_key');
    expect(rows).toEqual([{ email_key: PLAIN }]);
  });

  it("has one employers' area, with the listings of every spelling, and one cap of acknowledgements", async () => {
    const submitted: string[] = [];
    for (const email of TYPED) {
      const res = await submit(email);
      expect(res.statusCode, res.body).toBe(201);
      submitted.push(res.json().id);
    }
    // Three acknowledgements an address a day: the fourth spelling is the same address.
    const acknowledged = await t
      .db('outbox')
      .where({ template: 'submission-received' })
      .select('to_address');
    expect(acknowledged).toHaveLength(3);

    const asked = await askForLink(t, TYPED[0]!);
    expect(asked.statusCode, asked.body).toBe(202);
    const signedInRes = await signInWith(t, await newestLinkToken(t, TYPED[1]!));
    expect(signedInRes.statusCode, signedInRes.body).toBe(200);
    const listings = await t.app.inject({
      url: ENDPOINTS.employerListings.path,
      headers: { ...CSRF, cookie: employerCookie(signedInRes) },
    });
    expect(listings.statusCode, listings.body).toBe(200);
    expect(listings.json().total).toBe(TYPED.length);

    // Listing credits bought by one spelling are the others' too (the review card counts them):
    // every spelling filed its submission in one organisation (issue 47).
    const orgs = await t.db('submissions').whereIn('id', submitted).distinct('organization_id');
    expect(orgs).toHaveLength(1);
    const submittedOrg = orgs[0]!.organization_id;
    await t.db.transaction((trx) =>
      t.app.submissions.grantCredits(trx, {
        organizationId: Number(submittedOrg),
        email: TYPED[2]!,
        sourceSubmissionId: Number(submitted[0]),
        count: 2,
        at: t.clock.now,
      }),
    );
    expect(await t.app.submissions.creditsOfContact(TYPED[0]!)).toBe(2);
    const admin = await signedIn(t);
    const card = await admin({ url: `/api/admin/submissions/${submitted[3]}` });
    expect((card.json() as AdminSubmission).listingCredits).toBe(2);
  });

  it("is one admin by the username's own key: the sign-in takes it in any case, with spaces", async () => {
    await createAdmin(t);
    const res = await login(t, { ...ADMIN, username: ` ${ADMIN.username.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().username).toBe(ADMIN.username);
  });
});
