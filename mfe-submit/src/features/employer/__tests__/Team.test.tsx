import {
  TEAM_MESSAGES,
  type EmployerListings,
  type EmployerTeam,
} from '@jobboard/contract/employer';
import { useToastStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderEmployerPage } from './render-employer-page';

const ANA = 'ana@acme-advocacy.org';
const BEN = 'ben@acme-advocacy.org';
const TOKEN = 'i'.repeat(43);

const team = (change: Partial<EmployerTeam> = {}): EmployerTeam => ({
  organization: { id: 3, name: 'Acme Advocacy', verifiedDomain: null, domainJoin: false },
  role: 'owner',
  members: [{ email: ANA, role: 'owner', joinedAt: '2026-11-01T12:00:00.000Z', you: true }],
  invites: [],
  verifiableDomain: 'acme-advocacy.org',
  ...change,
});

const WITH_BEN = team({
  members: [
    ...team().members,
    { email: BEN, role: 'member', joinedAt: '2026-11-20T12:00:00.000Z', you: false },
  ],
});

const listings = (email: string): EmployerListings => ({
  email,
  creditsLeft: 1,
  listings: [],
  page: 1,
  pageSize: 20,
  total: 0,
});

afterEach(() => {
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

describe("the owner's team page (issue 47)", () => {
  it('invites a colleague by e-mail and shows the invitation sent', async () => {
    let current = team();
    const api = fakeApi({
      'GET /api/employer/team': () => [200, current],
      'POST /api/employer/team/invites': () => {
        current = team({
          invites: [{ email: BEN, invitedBy: ANA, expiresAt: '2026-12-07T12:00:00.000Z' }],
        });
        return [202, { message: TEAM_MESSAGES.invited(BEN) }];
      },
    });
    renderEmployerPage('/employer/team');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Your team' })).toBeInTheDocument();
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).getByText(/ana@acme-advocacy\.org \(you\) · Owner/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Invite a colleague by e-mail'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(TEAM_MESSAGES.email)).toBeInTheDocument();
    expect(api.bodies('POST', '/api/employer/team/invites')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Invite a colleague by e-mail'));
    await user.type(screen.getByLabelText('Invite a colleague by e-mail'), BEN);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(TEAM_MESSAGES.invited(BEN))).toBeInTheDocument();
    expect(api.bodies('POST', '/api/employer/team/invites')).toEqual([{ email: BEN }]);
    expect(await screen.findByText(`${BEN} (works until December 7, 2026)`)).toBeInTheDocument();
  });

  it('removes a member after asking, and the list shows it at once', async () => {
    const api = fakeApi({
      'GET /api/employer/team': [200, WITH_BEN],
      'POST /api/employer/team/remove': [200, { ...team(), message: TEAM_MESSAGES.removed(BEN) }],
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderEmployerPage('/employer/team');
    const ben = await screen.findByRole('listitem', { name: BEN });
    await userEvent.click(within(ben).getByRole('button', { name: 'Remove' }));
    expect(confirm).toHaveBeenCalledWith(
      `Remove ${BEN}? Their access to the listings ends at once.`,
    );
    expect(await screen.findByText(TEAM_MESSAGES.removed(BEN))).toBeInTheDocument();
    expect(api.bodies('POST', '/api/employer/team/remove')).toEqual([{ email: BEN }]);
    expect(screen.queryByRole('listitem', { name: BEN })).not.toBeInTheDocument();
  });

  it('verifies the domain of the owner’s address, then turns joining by it on', async () => {
    const verified = team({
      organization: { ...team().organization, verifiedDomain: 'acme-advocacy.org' },
    });
    const api = fakeApi({
      'GET /api/employer/team': [200, team()],
      'PUT /api/employer/team/domain': ({ body }) => [
        200,
        {
          ...verified,
          organization: {
            ...verified.organization,
            domainJoin: (body as { domainJoin: boolean }).domainJoin,
          },
          message: TEAM_MESSAGES.domainSaved,
        },
      ],
    });
    renderEmployerPage('/employer/team');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify acme-advocacy.org' }));
    expect(await screen.findByText('Verified domain: acme-advocacy.org')).toBeInTheDocument();
    await user.click(
      screen.getByLabelText(
        'Anyone who signs in with an address at acme-advocacy.org joins this organisation',
      ),
    );
    expect(api.bodies('PUT', '/api/employer/team/domain')).toEqual([
      { verify: true, domainJoin: false },
      { verify: true, domainJoin: true },
    ]);
    expect(
      await screen.findByRole('checkbox', { name: /joins this organisation/, checked: true }),
    ).toBeInTheDocument();
  });

  it('shows a member the team without the owner’s tools', async () => {
    fakeApi({
      'GET /api/employer/team': [
        200,
        {
          ...WITH_BEN,
          role: 'member',
          members: WITH_BEN.members.map((m) => ({ ...m, you: m.email === BEN })),
        },
      ],
    });
    renderEmployerPage('/employer/team');
    expect(await screen.findByRole('listitem', { name: ANA })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Invite a colleague by e-mail')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the organisation' })).toBeInTheDocument();
  });
});

describe('an invitation, and the end of access (issue 47)', () => {
  it('signs in and joins when the invitation’s button is pressed', async () => {
    const api = fakeApi({
      'POST /api/employer/session': [200, { email: BEN }],
      'GET /api/employer/listings': [200, listings(BEN)],
    });
    renderEmployerPage(`/employer/sign-in?invite=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(`Signed in as ${BEN}`)).toBeInTheDocument();
    expect(api.bodies('POST', '/api/employer/session')).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Your team' })).toHaveAttribute(
      'href',
      '/employer/team',
    );
  });

  it("says on a removed member's next page that their access ended, by whom and when", async () => {
    const ended = TEAM_MESSAGES.accessEnded('Acme Advocacy', ANA, new Date('2026-12-01T09:00:00Z'));
    fakeApi({ 'GET /api/employer/listings': [403, { message: ended }] });
    renderEmployerPage('/employer/listings');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your access to Acme Advocacy ended: ana@acme-advocacy.org removed this address on 2026-12-01.',
    );
  });
});
