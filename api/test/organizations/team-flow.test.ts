import { TEAM_MESSAGES, type EmployerListing } from '@jobboard/contract/employer';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF, signedIn } from '../support/admin';
import { askForLink, employerCookie, newestLinkToken, signInWith } from '../support/employers';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { injectWithProof } from '../support/human-proof';
import { pay, startCheckout, stripeEnv, tokenOf } from '../support/payments';
import { SmtpPeer } from '../support/smtp-peer';
import { organizationOf } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Teams as their people use them (issue 47): Ana (the owner) invites Ben by e-mail; Ben takes the
 * e-mailed link (read from what the SMTP server received), sees and renews Ana's listing, and
 * publishes his own with the Multiples credits Ana bought; Ana removes Ben and his next page says
 * his access ended. Then a colleague joins by the verified domain, and the refusals.
 */

const ANA = 'ana@acme-advocacy.org';
const BEN = 'ben@acme-advocacy.org';
const DEE = 'dee@acme-advocacy.org';
const DAY_MS = 24 * 60 * 60 * 1000;

let stripe: FakeStripe;
let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: 'whsec_test_secret' });
  smtp = await new SmtpPeer().start();
});
afterAll(async () => {
  await stripe.close();
  await smtp.stop();
});
beforeEach(async () => {
  t = await buildTestApp({ env: { ...stripeEnv(stripe), SMTP_URL: smtp.url } });
  stripe.clock = t.clock;
  stripe.reset();
  smtp.received.length = 0;
});
afterEach(() => t.close());

type As = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** A session from a sign-in page's POST of a token: a request function with its cookie. */
async function sessionOf(token: string): Promise<As> {
  const res = await signInWith(t, token);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = employerCookie(res);
  return (options) =>
    t.app.inject({ ...options, headers: { ...CSRF, cookie, ...(options.headers ?? {}) } });
}

const signedInAs = async (email: string) => {
  const asked = await askForLink(t, email);
  expect(asked.statusCode, asked.body).toBe(202);
  return sessionOf(await newestLinkToken(t, email));
};

/** Submitted through the public form by `email`; its id. */
async function submit(email: string, change: Record<string, unknown> = {}): Promise<number> {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: ENDPOINTS.submitJob.path,
    payload: { ...VALID_SUBMISSION, contactEmail: email, ...change },
  });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().id);
}

/**
 * Ana's listing, approved and paid through Stripe: the Featured Listing (30 days) by default, or
 * the Multiples Listing ('featured': 2 further listings with it, no end).
 */
async function anasLiveListing(
  title = 'Policy Director',
  listingType: 'basic' | 'featured' = 'basic',
): Promise<{ id: number; jobId: number }> {
  const admin = await signedIn(t);
  const id = await submit(ANA, { organization: 'Acme Advocacy', title, listingType });
  const approved = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` });
  expect(approved.statusCode, approved.body).toBe(200);
  await pay(t, stripe, await startCheckout(t, stripe, tokenOf(approved.json().paymentUrl)));
  return { id, jobId: Number((await t.db('submissions').where({ id }).first()).job_id) };
}

/** The one-press link of the newest e-mail the SMTP server received for `to`. */
async function linkReceivedBy(to: string): Promise<string> {
  await t.app.mailer.flush();
  const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
  expect(mail, `no e-mail received by ${to}`).toBeDefined();
  const raw = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /\/employer\/sign-in\?(?:token|invite)=([A-Za-z0-9_-]{43})/.exec(raw);
  expect(match, raw).not.toBeNull();
  return match![1]!;
}

/** Ana's organisation with acme-advocacy.org verified and joining by it on. */
async function anasJoinableDomain(): Promise<As> {
  await anasLiveListing();
  const ana = await signedInAs(ANA);
  const set = await ana({
    method: 'PUT',
    url: ENDPOINTS.employerTeamDomain.path,
    payload: { verify: true, domainJoin: true },
  });
  expect(set.statusCode, set.body).toBe(200);
  return ana;
}

/** Two requests sent at once both signed the address in, and it is one member of Ana's team. */
async function joinedOnce(answers: LightMyRequestResponse[], email: string): Promise<void> {
  expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
    [200, expect.any(String)],
    [200, expect.any(String)],
  ]);
  expect(answers.map((a) => a.json().email)).toEqual([email, email]);
  const rows = await t.db('organization_members').where({ email_key: email });
  expect(rows.map((r) => Number(r.organization_id))).toEqual([await organizationOf(t.db, ANA)]);
  const joins = await t
    .db('organization_history')
    .where({ subject: email })
    .whereIn('action', ['joined', 'joined_by_domain']);
  expect(joins).toHaveLength(1);
}

const listingsOf = async (as: As) => {
  const res = await as({ method: 'GET', url: ENDPOINTS.employerListings.path });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { creditsLeft: number; listings: EmployerListing[]; total: number };
};

describe(`a team, as its people use it, on ${testDatabase}`, () => {
  it('A invites B; B renews A’s listing and publishes his own with A’s credits; A removes B', async () => {
    await anasLiveListing('Communications Lead', 'featured');
    const anas = await anasLiveListing();
    const ana = await signedInAs(ANA);
    expect((await listingsOf(ana)).creditsLeft).toBe(2);

    // Ana invites Ben; the invitation reaches his mailbox.
    const invited = await ana({
      method: 'POST',
      url: ENDPOINTS.employerInvite.path,
      payload: { email: BEN },
    });
    expect(invited.statusCode, invited.body).toBe(202);
    expect(invited.json().message).toBe(TEAM_MESSAGES.invited(BEN));
    const team = (await ana({ method: 'GET', url: ENDPOINTS.employerTeam.path })).json();
    expect(team.invites.map((i: { email: string }) => i.email)).toEqual([BEN]);
    const token = await linkReceivedBy(BEN);
    // Only the token's hash is kept.
    expect(JSON.stringify(await t.db('organization_invites').select())).not.toContain(token);

    // Ben presses the link's button: signed in, and a member.
    const ben = await sessionOf(token);
    const bensTeam = (await ben({ method: 'GET', url: ENDPOINTS.employerTeam.path })).json();
    expect(bensTeam).toMatchObject({ role: 'member', organization: { name: 'Acme Advocacy' } });
    expect(bensTeam.members.map((m: { email: string }) => m.email)).toEqual([ANA, BEN]);
    // The link works once.
    expect((await signInWith(t, token)).statusCode).toBe(410);

    // Ben sees Ana's listing and renews it in its window.
    expect((await listingsOf(ben)).listings.map((l) => l.title)).toEqual([
      'Policy Director',
      'Communications Lead',
    ]);
    const end = Number((await t.db('jobs').where({ id: anas.jobId }).first()).expires_at);
    t.clock.now = new Date(end - 3 * DAY_MS);
    const benLater = await signedInAs(BEN);
    const link = await benLater({
      method: 'POST',
      url: `/api/employer/jobs/${anas.jobId}/renewal`,
    });
    expect(link.statusCode, link.body).toBe(200);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/renewals/${tokenOf(link.json().url)}/checkout`,
    });
    expect(started.statusCode, started.body).toBe(200);
    await pay(t, stripe, stripe.sessions.get(started.json().url.split('/').pop())!);
    expect(Number((await t.db('jobs').where({ id: anas.jobId }).first()).expires_at)).toBe(
      end + 30 * DAY_MS,
    );

    // Ben's own listing is the organisation's, and is published with Ana's credits.
    const bens = await submit(BEN, { title: 'Field Organizer', organization: 'Acme Advocacy' });
    const asked = await benLater({
      method: 'POST',
      url: `/api/employer/submissions/${bens}/use-credit`,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const admin = await signedIn(t);
    const anaLater = await signedInAs(ANA);
    const approved = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${bens}/approve`,
      payload: { useCredit: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ publishedWithCredit: true });
    expect((await listingsOf(anaLater)).creditsLeft).toBe(1);
    expect((await listingsOf(anaLater)).listings.map((l) => l.title)).toContain('Field Organizer');

    // Ana removes Ben: his next page says his access ended, by whom and when.
    const removed = await anaLater({
      method: 'POST',
      url: ENDPOINTS.employerRemoveMember.path,
      payload: { email: BEN },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(TEAM_MESSAGES.removed(BEN));
    const next = await benLater({ method: 'GET', url: ENDPOINTS.employerListings.path });
    expect(next.statusCode).toBe(403);
    expect(next.json().message).toBe(TEAM_MESSAGES.accessEnded('Acme Advocacy', ANA, t.clock.now));
    expect(next.json().message).toMatch(
      /^Your access to Acme Advocacy ended: ana@acme-advocacy\.org removed this address on \d{4}-\d{2}-\d{2}\./,
    );
    // Every route, not only the listings; and he gets no new sign-in link.
    const renewAgain = await benLater({
      method: 'POST',
      url: `/api/employer/jobs/${anas.jobId}/renewal`,
    });
    expect(renewAgain.statusCode).toBe(403);
    const links = await t.db('employer_sign_in_links').where({ email: BEN }).count({ n: '*' });
    await askForLink(t, BEN);
    expect(await t.db('employer_sign_in_links').where({ email: BEN }).count({ n: '*' })).toEqual(
      links,
    );
    // The organisation's history says who did what.
    const org = await organizationOf(t.db, ANA);
    const history = await admin({ method: 'GET', url: `/api/admin/organizations/${org}` });
    expect(history.json().history.map((h: { action: string }) => h.action)).toEqual([
      'created',
      // Ana's first listing, published, tied the organisation to its company.
      'company_tied',
      'invited',
      'joined',
      'removed',
    ]);
  });

  it('lets a colleague at the verified domain join by signing in, and refuses a free-mail domain', async () => {
    await anasLiveListing();
    const ana = await signedInAs(ANA);
    // Dee is in no organisation: no link yet (the same answer all the same).
    expect((await askForLink(t, DEE)).statusCode).toBe(202);
    expect(await t.db('employer_sign_in_links').where({ email: DEE }).first()).toBeUndefined();

    const joinWithout = await ana({
      method: 'PUT',
      url: ENDPOINTS.employerTeamDomain.path,
      payload: { verify: false, domainJoin: true },
    });
    expect(joinWithout.statusCode).toBe(400);
    expect(joinWithout.json().fields.domainJoin).toBe(TEAM_MESSAGES.domainJoinNeedsDomain);
    const set = await ana({
      method: 'PUT',
      url: ENDPOINTS.employerTeamDomain.path,
      payload: { verify: true, domainJoin: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().organization).toMatchObject({
      verifiedDomain: 'acme-advocacy.org',
      domainJoin: true,
    });

    const dee = await signedInAs(DEE);
    const deesTeam = (await dee({ method: 'GET', url: ENDPOINTS.employerTeam.path })).json();
    expect(deesTeam).toMatchObject({ role: 'member', organization: { name: 'Acme Advocacy' } });
    expect((await listingsOf(dee)).listings.map((l) => l.title)).toEqual(['Policy Director']);

    // A member cannot change the domain; an owner at a free-mail address cannot verify it.
    const notOwner = await dee({
      method: 'PUT',
      url: ENDPOINTS.employerTeamDomain.path,
      payload: { verify: false, domainJoin: false },
    });
    expect(notOwner.statusCode).toBe(409);
    expect(notOwner.json().message).toBe(TEAM_MESSAGES.ownerOnly);
    await submit('solo.recruiter@gmail.com');
    const solo = await signedInAs('solo.recruiter@gmail.com');
    const free = await solo({
      method: 'PUT',
      url: ENDPOINTS.employerTeamDomain.path,
      payload: { verify: true, domainJoin: true },
    });
    expect(free.statusCode).toBe(400);
    expect(free.json().fields.verify).toBe(TEAM_MESSAGES.domainFreeMail('gmail.com'));
    expect((await solo({ method: 'GET', url: ENDPOINTS.employerTeam.path })).json()).toMatchObject({
      verifiableDomain: null,
      organization: { verifiedDomain: null, domainJoin: false },
    });
  });

  it('refuses an invitation to an address of a larger organisation, and moves a lone one without listings', async () => {
    await anasLiveListing();
    const ana = await signedInAs(ANA);
    // Cy and Flo are a team of two at another organisation.
    await submit('cy@other-cause.org', { organization: 'Other Cause' });
    const cy = await signedInAs('cy@other-cause.org');
    await cy({
      method: 'POST',
      url: ENDPOINTS.employerInvite.path,
      payload: { email: 'flo@other-cause.org' },
    });
    await sessionOf(await linkReceivedBy('flo@other-cause.org'));

    await ana({
      method: 'POST',
      url: ENDPOINTS.employerInvite.path,
      payload: { email: 'flo@other-cause.org' },
    });
    const refused = await signInWith(t, await linkReceivedBy('flo@other-cause.org'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      TEAM_MESSAGES.inAnotherOrganization('flo@other-cause.org', 'Other Cause'),
    );
    expect(
      (await t.db('organization_members').where({ email_key: 'flo@other-cause.org' }).first())
        .organization_id,
    ).toBe(await organizationOf(t.db, 'cy@other-cause.org'));

    // Eve is alone in an organisation of her own with no listings: she moves.
    const eves = await organizationOf(t.db, 'eve@acme-advocacy.org', 'Eve alone');
    await ana({
      method: 'POST',
      url: ENDPOINTS.employerInvite.path,
      payload: { email: 'eve@acme-advocacy.org' },
    });
    const eve = await sessionOf(await linkReceivedBy('eve@acme-advocacy.org'));
    expect((await eve({ method: 'GET', url: ENDPOINTS.employerTeam.path })).json()).toMatchObject({
      organization: { name: 'Acme Advocacy' },
    });
    const admin = await signedIn(t);
    const old = (await admin({ method: 'GET', url: `/api/admin/organizations/${eves}` })).json();
    expect(old.members).toEqual([]);
    expect(old.history.at(-1)).toMatchObject({ action: 'left', subject: 'eve@acme-advocacy.org' });
  });
  it('hands the ownership on; a member leaves and is told so; the owner cannot leave', async () => {
    await anasLiveListing();
    const ana = await signedInAs(ANA);
    await ana({ method: 'POST', url: ENDPOINTS.employerInvite.path, payload: { email: BEN } });
    const ben = await sessionOf(await linkReceivedBy(BEN));
    const self = await ana({
      method: 'POST',
      url: ENDPOINTS.employerRemoveMember.path,
      payload: { email: ANA },
    });
    expect(self.json().message).toBe(TEAM_MESSAGES.cannotRemoveSelf);
    const memberTries = await ben({
      method: 'POST',
      url: ENDPOINTS.employerMakeOwner.path,
      payload: { email: BEN },
    });
    expect(memberTries.statusCode).toBe(409);
    expect(memberTries.json().message).toBe(TEAM_MESSAGES.ownerOnly);

    const handed = await ana({
      method: 'POST',
      url: ENDPOINTS.employerMakeOwner.path,
      payload: { email: BEN },
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({
      role: 'member',
      message: TEAM_MESSAGES.ownerChanged(BEN),
    });
    const bensView = (await ben({ method: 'GET', url: ENDPOINTS.employerTeam.path })).json();
    expect(bensView.role).toBe('owner');
    const ownerLeaves = await ben({ method: 'POST', url: ENDPOINTS.employerLeaveTeam.path });
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json().message).toBe(TEAM_MESSAGES.ownerCannotLeave);

    const anaElsewhere = await signedInAs(ANA);
    const left = await ana({ method: 'POST', url: ENDPOINTS.employerLeaveTeam.path });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().message).toBe(TEAM_MESSAGES.left('Acme Advocacy'));
    // This session is signed out with it; another of hers is told she left.
    expect((await ana({ method: 'GET', url: ENDPOINTS.employerListings.path })).statusCode).toBe(
      401,
    );
    const told = await anaElsewhere({ method: 'GET', url: ENDPOINTS.employerListings.path });
    expect(told.statusCode).toBe(403);
    expect(told.json().message).toBe(TEAM_MESSAGES.accessEndedLeft('Acme Advocacy', t.clock.now));
    const team = (await ben({ method: 'GET', url: ENDPOINTS.employerTeam.path })).json();
    expect(team.members.map((m: { email: string }) => m.email)).toEqual([BEN]);
  });
  it('files the first submissions of a new address sent at once in one organisation of one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        injectWithProof(t.app, {
          method: 'POST',
          url: ENDPOINTS.submitJob.path,
          payload: { ...VALID_SUBMISSION, contactEmail: DEE, title: `Role ${i}` },
          // Each from its own client (the form's limit per client is not what this is about).
          remoteAddress: `203.0.113.${i + 1}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    const orgs = await t
      .db('submissions')
      .where({ contact_email: DEE })
      .distinct('organization_id');
    expect(orgs).toHaveLength(1);
    const [count] = await t.db('organizations').count({ n: '*' });
    expect(Number(count!.n)).toBe(1);
  });

  it('signs a colleague in twice at once by the verified domain: both signed in, one membership', async () => {
    await anasJoinableDomain();
    for (const _ of [1, 2]) expect((await askForLink(t, DEE)).statusCode).toBe(202);
    const links = await t
      .db('outbox')
      .where({ template: 'employer-sign-in', to_address: DEE })
      .orderBy('id');
    const tokens = links.map((row) => /[?&]token=([A-Za-z0-9_-]{43})/.exec(row.text_body)![1]!);
    expect(new Set(tokens).size).toBe(2);
    await joinedOnce(await Promise.all(tokens.map((token) => signInWith(t, token))), DEE);
  });

  it('takes an invitation and a sign-in by the domain of one address at once: both signed in, one membership', async () => {
    const ana = await anasJoinableDomain();
    const invited = await ana({
      method: 'POST',
      url: ENDPOINTS.employerInvite.path,
      payload: { email: DEE },
    });
    expect(invited.statusCode, invited.body).toBe(202);
    const invitation = await linkReceivedBy(DEE);
    expect((await askForLink(t, DEE)).statusCode).toBe(202);
    const signIn = await newestLinkToken(t, DEE);
    await joinedOnce(await Promise.all([signInWith(t, invitation), signInWith(t, signIn)]), DEE);
  });
});
