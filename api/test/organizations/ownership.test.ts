import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply } from '../support/applications';
import { signedInEmployer } from '../support/employers';
import { paidListing } from '../support/payments';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

const OWNER = 'ana@acme-advocacy.org';
const STRANGER = 'cy@other-cause.org';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

type Endpoint = { method: string; path: string };
const key = (e: Endpoint) => `${e.method} ${e.path}`;

/** The employer area's routes without an employer (asking for a link, signing in and out). */
const OPEN = new Set(
  [ENDPOINTS.employerSignInLink, ENDPOINTS.employerSignIn, ENDPOINTS.employerSignOut].map(key),
);

/**
 * The employer routes that name no record: each answers the signed-in address's own
 * organisation's, so another's cannot be asked for; what each shows is checked below.
 */
const OWN_ONLY = new Set(
  [
    ENDPOINTS.employerSession,
    ENDPOINTS.employerListings,
    ENDPOINTS.employerApplicationSettings,
    ENDPOINTS.employerUpdateApplicationSettings,
    ENDPOINTS.employerTeam,
    ENDPOINTS.employerInvite,
    ENDPOINTS.employerRemoveMember,
    ENDPOINTS.employerMakeOwner,
    ENDPOINTS.employerLeaveTeam,
    ENDPOINTS.employerTeamDomain,
  ].map(key),
);

describe(`every employer route, for a member of another organisation, on ${testDatabase}`, () => {
  it('answers 404 for each record of another organisation, as one that does not exist', async () => {
    // The owner's organisation: a listing in review, a live paid one with a renewal paid and an
    // application.
    const pending = await insertSubmission(t.db, {
      status: 'pending_review',
      contact_email: OWNER,
      organization: 'Acme Advocacy',
    });
    const jobId = await paidListing(t, {
      contact_email: OWNER,
      organization: 'Acme Advocacy',
      apply_method: 'form',
    });
    const submissionOfJob = (await t.db('submissions').where({ job_id: jobId }).first()).id;
    const paymentId = (await t.db('payments').where({ submission_id: submissionOfJob }).first()).id;
    const [renewal] = await t
      .db('job_renewals')
      .insert({
        job_id: jobId,
        submission_id: submissionOfJob,
        checkout_session_id: 'cs_test_renewal_ownership',
        tier: 'basic',
        amount_cents: 9_900,
        currency: 'usd',
        status: 'paid',
        created_at: t.clock.now.getTime(),
        paid_at: t.clock.now.getTime(),
      })
      .returning('id');
    const renewalId = typeof renewal === 'object' ? renewal.id : renewal;
    const applied = await apply(t, jobId);
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = (await t.db('applications').where({ job_id: jobId }).first()).id;

    const owner = await signedInEmployer(t, OWNER);
    const proposalForm = await owner({
      method: 'GET',
      url: `/api/employer/jobs/${jobId}/proposal`,
    });
    expect(proposalForm.statusCode, proposalForm.body).toBe(200);

    // Another organisation's member (its own listing gives it its organisation).
    await insertSubmission(t.db, {
      contact_email: STRANGER,
      organization: 'Other Cause',
      title: 'Field Canvasser',
    });
    const stranger = await signedInEmployer(t, STRANGER);

    /** The record each route names, and a body its checks pass, by what its path names. */
    const requestOf = (endpoint: Endpoint) => {
      const path = endpoint.path;
      if (path.startsWith('/api/employer/submissions/:id')) {
        return {
          url: path.replace(':id', String(pending)),
          payload: endpoint.method === 'PUT' ? VALID_SUBMISSION : undefined,
        };
      }
      if (path.startsWith('/api/employer/jobs/:id')) {
        const payload = path.endsWith('/close')
          ? { reason: 'closed' }
          : path.endsWith('/proposal') && endpoint.method === 'POST'
            ? proposalForm.json()
            : undefined;
        return { url: path.replace(':id', String(jobId)), payload };
      }
      if (path.startsWith('/api/employer/receipts/:id')) {
        return { url: path.replace(':id', String(paymentId)) };
      }
      if (path.startsWith('/api/employer/renewal-receipts/:id')) {
        return { url: path.replace(':id', String(renewalId)) };
      }
      if (path.startsWith('/api/employer/applications/:id')) {
        return {
          url: path.replace(':id', String(applicationId)),
          payload: endpoint.method === 'PUT' ? { status: 'reviewing' } : undefined,
        };
      }
      if (path === '/api/employer/applications/status') {
        return { url: path, payload: { ids: [String(applicationId)], status: 'reviewing' } };
      }
      return undefined;
    };

    const employerRoutes = Object.values(ENDPOINTS).filter(
      (e): e is typeof e & Endpoint =>
        typeof e === 'object' &&
        'path' in e &&
        e.path.startsWith('/api/employer') &&
        !OPEN.has(key(e)) &&
        !OWN_ONLY.has(key(e)),
    );
    // A new employer route must be walked here (a record of another organisation) or be listed
    // as the signed-in organisation's own.
    const unknown = employerRoutes.filter((e) => requestOf(e) === undefined).map(key);
    expect(unknown).toEqual([]);
    expect(employerRoutes.length).toBeGreaterThanOrEqual(19);

    for (const endpoint of employerRoutes) {
      const request = requestOf(endpoint)!;
      const res = await stranger({
        method: endpoint.method as 'GET',
        url: request.url,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      expect(res.statusCode, `${key(endpoint)}: ${res.body}`).toBe(404);
      // The owner's own request of the same record is not refused as another's.
      const own = await owner({
        method: 'GET',
        url: endpoint.method === 'GET' ? request.url : '/api/employer/listings',
      });
      expect(own.statusCode, `${key(endpoint)} as its owner: ${own.body}`).not.toBe(404);
    }

    // The routes of no record show the stranger its own organisation alone.
    const listings = await stranger({ method: 'GET', url: ENDPOINTS.employerListings.path });
    expect(listings.json().listings.map((l: { title: string }) => l.title)).toEqual([
      'Field Canvasser',
    ]);
    const team = await stranger({ method: 'GET', url: ENDPOINTS.employerTeam.path });
    expect(team.json().organization.name).toBe('Other Cause');
    expect(team.json().members.map((m: { email: string }) => m.email)).toEqual([STRANGER]);
    // Nothing of the owner's changed.
    expect((await t.db('jobs').where({ id: jobId }).first()).active).toBeTruthy();
    expect((await t.db('applications').where({ id: applicationId }).first()).status).toBe('new');
    expect((await t.db('submissions').where({ id: pending }).first()).status).toBe(
      'pending_review',
    );
  });
});
