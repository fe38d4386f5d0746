import {
  TEAM_MESSAGES,
  type AdminOrganization,
  type AdminOrganizationSummary,
} from '@jobboard/contract/admin';
import { useToastStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../../test-support/render-admin';

/**
 * The admins' organisations (issue 47), as an admin uses them: found from the navigation and a
 * search, one opened, a listing moved, the credits moved, a duplicate merged, and duplicate
 * companies merged. The API is faked at the network's edge.
 */

const AUTH = { 'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }] };

const summary = (change: Partial<AdminOrganizationSummary>): AdminOrganizationSummary => ({
  id: 3,
  name: 'Acme Advocacy',
  companyId: 12,
  verifiedDomain: 'acme-advocacy.org',
  members: 2,
  listings: 1,
  creditsLeft: 2,
  mergedIntoId: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  ...change,
});

const ACME: AdminOrganization = {
  organization: summary({}),
  company: { id: 12, name: 'Acme Advocacy', slug: 'acme-advocacy' },
  domainJoin: true,
  members: [
    { email: 'ana@acme-advocacy.org', role: 'owner', joinedAt: '2026-11-01T12:00:00.000Z' },
    { email: 'ben@acme-advocacy.org', role: 'member', joinedAt: '2026-11-20T12:00:00.000Z' },
  ],
  listings: [
    {
      submissionId: 41,
      title: 'Policy Director',
      status: 'paid',
      contactEmail: 'ana@acme-advocacy.org',
      jobId: 7,
    },
  ],
  history: [
    {
      at: '2026-11-02T12:00:00.000Z',
      actor: 'stripe',
      action: 'company_tied',
      subject: 'Company Acme Advocacy (#12)',
      detail: 'Job #7, published now, names this company',
    },
    {
      at: '2026-11-20T12:00:00.000Z',
      actor: 'ana@acme-advocacy.org',
      action: 'joined',
      subject: 'ben@acme-advocacy.org',
      detail: null,
    },
  ],
};

afterEach(() => useToastStore.setState({ toasts: [] }));

describe('the organisations pages', () => {
  it('are in the navigation, search by member address, and open one with its history', async () => {
    const api = fakeApi({
      ...AUTH,
      'GET /api/admin/organizations': [
        200,
        {
          organizations: [
            summary({}),
            summary({ id: 4, name: 'Other Cause', verifiedDomain: null }),
          ],
          page: 1,
          pageSize: 50,
          total: 2,
        },
      ],
      'GET /api/admin/organizations/3': [200, ACME],
    } as never);
    renderAdmin('/admin/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Organisations' }));
    expect(await screen.findByRole('heading', { name: 'Organisations' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '#4 Other Cause' })).toBeInTheDocument();
    await user.type(
      screen.getByRole('textbox', { name: 'Search by name, member address or domain' }),
      'ben@',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await api.settled();
    expect(api.calls.some((c) => c.path === '/api/admin/organizations')).toBe(true);

    await user.click(screen.getByRole('link', { name: '#3 Acme Advocacy' }));
    expect(await screen.findByRole('heading', { name: '#3 Acme Advocacy' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'History' })).toHaveTextContent(
      'Joined: ben@acme-advocacy.org · ana@acme-advocacy.org',
    );
    // The company it is tied to, by name, linked to its public page (issue 47).
    expect(screen.getByText(/^Tied to company/)).toHaveTextContent(
      'Tied to company Acme Advocacy #12',
    );
    expect(screen.getByRole('link', { name: 'Acme Advocacy' })).toHaveAttribute(
      'href',
      '/organizations/acme-advocacy',
    );
    expect(screen.getByRole('list', { name: 'History' })).toHaveTextContent(
      'Tied to company: Company Acme Advocacy (#12)',
    );
  });

  it('says when an organisation is tied to no company yet', async () => {
    fakeApi({
      ...AUTH,
      'GET /api/admin/organizations/3': [
        200,
        { ...ACME, organization: summary({ companyId: null }), company: null },
      ],
    } as never);
    renderAdmin('/admin/organizations/3');
    expect(await screen.findByRole('heading', { name: '#3 Acme Advocacy' })).toBeInTheDocument();
    expect(screen.getByText(/^Tied to no company/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Acme Advocacy' })).not.toBeInTheDocument();
  });

  it('moves a listing and the credits, and merges a duplicate after asking', async () => {
    const api = fakeApi({
      ...AUTH,
      'GET /api/admin/organizations/3': [200, ACME],
      'POST /api/admin/submissions/41/organization': [
        200,
        { ...ACME, organization: summary({ id: 5 }) },
      ],
      'POST /api/admin/organizations/3/credits': [
        200,
        { ...ACME, organization: summary({ creditsLeft: 0 }) },
      ],
      'POST /api/admin/organizations/3/merge': [
        409,
        { message: TEAM_MESSAGES.mergedAlready('Acme Advocacy') },
      ],
    } as never);
    renderAdmin('/admin/organizations/3', { toasts: true });
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'Organisation number (Policy Director)' }),
      '5',
    );
    await user.click(screen.getByRole('button', { name: 'Move to organisation' }));
    await api.settled();
    expect(api.bodies('POST', '/api/admin/submissions/41/organization')).toEqual([
      { organizationId: 5 },
    ]);

    const credits = screen.getByRole('form', { name: 'Move the credits to organisation' });
    await user.type(within(credits).getByRole('textbox'), '5');
    await user.click(within(credits).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'Credits left: 0' })).toBeInTheDocument();
    expect(api.bodies('POST', '/api/admin/organizations/3/credits')).toEqual([
      { toOrganizationId: 5 },
    ]);

    const merge = screen.getByRole('form', { name: 'Merge this organisation into' });
    await user.type(within(merge).getByRole('textbox'), '9');
    await user.click(within(merge).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Merge Acme Advocacy into organisation #9? Its members, listings and credits move; it is kept as merged.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Merge this organisation into' }));
    expect(
      await screen.findByText(TEAM_MESSAGES.mergedAlready('Acme Advocacy')),
    ).toBeInTheDocument();
    expect(api.bodies('POST', '/api/admin/organizations/3/merge')).toEqual([
      { intoOrganizationId: 9 },
    ]);
  });

  it('merges duplicate companies after asking, and says what moved', async () => {
    const message = TEAM_MESSAGES.companyMerged('ACME Advocacy Inc.', 'Acme Advocacy', 3);
    const api = fakeApi({
      ...AUTH,
      'GET /api/admin/organizations': [200, { organizations: [], page: 1, pageSize: 50, total: 0 }],
      'POST /api/admin/companies/14/merge': [200, { message }],
    } as never);
    renderAdmin('/admin/organizations', { toasts: true });
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'Company number to merge (the duplicate)' }),
      '14',
    );
    await user.click(
      screen.getByRole('button', { name: 'Company number to merge (the duplicate)' }),
    );
    await user.type(await screen.findByRole('textbox', { name: 'Into company number' }), '12');
    await user.click(screen.getByRole('button', { name: 'Merge companies' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Merge companies' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.bodies('POST', '/api/admin/companies/14/merge')).toEqual([{ intoCompanyId: 12 }]);
  });
});
