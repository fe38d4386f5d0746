import {
  FraudHint,
  type AdminSubmission,
  type AdminSubmissionPage,
} from '@jobboard/contract/admin';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { is } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { SCAM_LIKE_KINDS } from '../support/fraud-hints';
import { createJobs, pay } from '../support/jobs';
import { buildTestApp, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';
import { planOf, queriesOf } from '../support/query-plans';

/**
 * The review card's fraud hints through the API (issue 45, docs/product.md#fraud-hints), on both
 * databases: a scam-like submission's hints as the admin's endpoints answer them, worked out from
 * what the board holds (other submissions and jobs with the same contact, the pay of the
 * category's live listings); the nonprofit on a free-mail address with a matching website gets the
 * mild free-mail hint alone; and the queries use their indexes (migration 20261129150300).
 */

const SCAM_ADDRESS = 'hiring.globalrelief@gmail.com';

/** A scam-like submission as the public form sends it. */
const SCAM_LIKE = {
  ...VALID_SUBMISSION,
  title: 'Remote Relief Assistant',
  organization: 'Global Relief Outreach',
  category: ['Fundraising'],
  description:
    'Work from home as a Payment Processing Agent for our relief programs. Interviews are held on ' +
    'Telegram: t.me/grelief_hr. We will send you a check to buy your equipment; a refundable ' +
    'starter kit fee applies.',
  applicationUrl: 'https://bit.ly/grelief-apply',
  salaryMin: '5000',
  salaryMax: '6000',
  salaryPeriod: 'week',
  contactEmail: SCAM_ADDRESS,
  companyWebsite: 'https://globalrelief.org',
};

/** A small nonprofit on a free-mail address, with its own website: not a scam. */
const NONPROFIT = {
  ...VALID_SUBMISSION,
  title: 'Volunteer Coordinator',
  organization: 'Friends of River Park',
  category: ['Fundraising'],
  description: 'Recruit and schedule the volunteers who keep River Park clean and welcoming.',
  applicationUrl: 'https://friendsofriverpark.org/volunteer-coordinator',
  salaryMin: '42000',
  salaryMax: '48000',
  contactEmail: 'friendsofriverpark@gmail.com',
  companyWebsite: 'https://friendsofriverpark.org',
};

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeEach(async () => {
  t = await buildTestApp();
  admin = await signedIn(t);
  // The category's live listings: twelve Fundraising jobs paying $55,000 to $75,000 a year, and
  // one of another organization whose applications go to the scam's address.
  await createJobs(
    t.app,
    Array.from({ length: 12 }, (_, i) => ({
      title: `Development Officer ${i + 1}`,
      organization: `Harbor Fund ${i + 1}`,
      categories: ['Fundraising'],
      pay: pay(55_000 + i * 1_000, 65_000 + i * 1_000),
    })),
  );
  await createJobs(t.app, [
    {
      title: 'Field Canvasser',
      organization: 'Relief Now Partners',
      applicationUrl: null,
      applyMethod: 'email',
      applicationEmail: 'Hiring.GlobalRelief@gmail.com',
    },
  ]);
});
afterEach(() => t.close());

async function submit(payload: Record<string, unknown>): Promise<string> {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().id);
}

const card = async (id: string) => {
  const res = await admin({ url: `/api/admin/submissions/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminSubmission;
};
const kinds = (submission: AdminSubmission) => submission.fraudHints?.map((hint) => hint.kind);

describe('the review card of a scam-like submission', () => {
  it('answers its hints, each with its level and reason, from the board as it is', async () => {
    await submit({
      ...VALID_SUBMISSION,
      organization: 'Harbor Aid Network',
      contactEmail: SCAM_ADDRESS,
    });
    const id = await submit(SCAM_LIKE);
    const submission = await card(id);
    expect(submission.fraudHints!.every((hint) => is(hint, FraudHint))).toBe(true);
    expect(kinds(submission)).toEqual(SCAM_LIKE_KINDS);
    const reason = (kind: string) =>
      submission.fraudHints!.filter((hint) => hint.kind === kind).map((hint) => hint.reason);
    // The other organizations: a submission's, and a job's whose applications go to the address.
    expect(reason('sharedAddress')).toEqual([
      'The same contact address was given for 2 other organizations: "Harbor Aid Network" and "Relief Now Partners".',
    ]);
    // $5,000 a week is $260,000 a year; the twelve listings' midpoints have a median of $65,500.
    expect(reason('payAbove')).toEqual([
      'The pay (at least $260,000 a year) is more than 3 times the median of the live Fundraising listings ($65,500 a year, of 12).',
    ]);
    expect(reason('messagingLink')).toEqual([
      'The description links to Telegram (t.me): scams move candidates to messaging apps.',
    ]);
    // Hints inform: the submission waits for review like any other, and can be approved.
    expect(submission.submissionStatus).toBe('pending_review');
    const approved = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(kinds(approved.json().submission)).toContain('payAbove');
  });

  it('shows the hints on each card of the queue’s page, and not in the whole queue’s answer', async () => {
    const scam = await submit(SCAM_LIKE);
    const nonprofit = await submit(NONPROFIT);
    const page = (
      await admin({ url: '/api/admin/lists/submissions' })
    ).json() as AdminSubmissionPage;
    const byId = new Map(page.submissions.map((s) => [s.id, s]));
    expect(kinds(byId.get(scam)!)).toContain('scamPhrase');
    expect(byId.get(nonprofit)!.fraudHints).toEqual([
      {
        kind: 'freeMail',
        level: 'mild',
        reason:
          'The contact address is at gmail.com, a free e-mail service. Many small organizations and nonprofits use one: a mild hint on its own.',
      },
    ]);
    const whole = (await admin({ url: '/api/admin/submissions' })).json() as AdminSubmission[];
    expect(whole.map((s) => s.fraudHints)).toEqual([undefined, undefined]);
  });

  it('finds a second organization with the same address on the first card too', async () => {
    const first = await submit(NONPROFIT);
    expect(kinds(await card(first))).toEqual(['freeMail']);
    await submit({
      ...VALID_SUBMISSION,
      organization: 'River Park Cleanup LLC',
      contactEmail: NONPROFIT.contactEmail,
    });
    expect(kinds(await card(first))).toEqual(['freeMail', 'sharedAddress']);
  });
});

describe("the categories' pay the hints compare with", () => {
  it("is the median of each category's live listings' annual midpoints, and how many", async () => {
    await createJobs(t.app, [
      { title: 'Press Officer', categories: ['Communications'], pay: pay(45_000, 55_000) },
      { title: 'Editor', categories: ['Communications'], pay: pay(30, 30, 'hour') },
      { title: 'Director', categories: ['Communications'], pay: pay(100_000, null) },
      // Not compared: switched off, ended, pay in total, in another currency, or none.
      { title: 'Off', categories: ['Communications'], pay: pay(900_000, null), active: false },
      {
        title: 'Ended',
        categories: ['Communications'],
        pay: pay(900_000, null),
        expiresAt: new Date(t.clock.now.getTime() - 1),
      },
      { title: 'Stipend', categories: ['Communications'], pay: pay(900_000, null, 'stipend') },
      {
        title: 'Euros',
        categories: ['Communications'],
        pay: pay(900_000, null, 'year', { currency: 'EUR' }),
      },
      { title: 'Unpaid', categories: ['Communications'] },
    ]);
    const pays = await t.app.reviewSignals.categoryPay(t.clock.now);
    // $50,000, $62,400 ($30 an hour) and $100,000: the middle one; twelve in Fundraising, whose
    // middle two are $65,000 and $66,000.
    expect(pays.get('communications')).toEqual({
      name: 'Communications',
      median: 62_400,
      sample: 3,
    });
    expect(pays.get('fundraising')).toEqual({ name: 'Fundraising', median: 65_500, sample: 12 });
  });
});

describe('the queries of the shared-contact hints', () => {
  it('reads the contact addresses and own domains by their indexes', async () => {
    const lookup = { addresses: [SCAM_ADDRESS], domains: ['globalrelief.org'] };
    // Only the lookups' own queries (the app's background reads run on the same pool).
    const submissions = (
      await queriesOf(t.db, () => t.app.submissions.contactOrganizations(t.db, lookup))
    ).filter(({ sql }) => sql.includes('contact_email'));
    const jobs = (
      await queriesOf(t.db, () => t.app.reviewSignals.contactOrganizations(lookup))
    ).filter(({ sql }) => sql.includes('application_email'));
    expect(submissions).toHaveLength(2);
    expect(jobs).toHaveLength(2);
    for (const { sql, bindings } of submissions) {
      expect(await planOf(t.db, sql, bindings)).toContain('submissions_contact_domain_index');
    }
    for (const { sql, bindings } of jobs) {
      expect(await planOf(t.db, sql, bindings)).toContain('jobs_application_email_domain_index');
    }
  });
});
