import {
  NEWSLETTER_MESSAGES,
  type NewsletterBlock,
  type NewsletterIssue,
  type NewsletterPage,
} from '@jobboard/contract/admin';
import { useToastStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../../test-support/render-admin';

const GHOST = 'https://news.example.org';

const PAGE: NewsletterPage = {
  ghost: { url: GHOST, adminKeySet: true },
  from: '2026-11-16',
  to: '2026-11-22',
  schedule: { on: false, weekday: 'monday', hour: 8, next: null, last: null },
  issues: [],
};

const HTML = [
  '<p>This week on the board.</p>',
  '<h2>Featured jobs</h2>',
  '<h3><a href="https://jobs.example.org/jobs/7?via=newsletter">Campaign Director</a></h3>',
  '<h2>More new jobs</h2>',
  '<h3>Communications</h3>',
  '<ul>',
  '<li><a href="https://jobs.example.org/jobs/3?via=newsletter">Copy Editor</a>, Example Org</li>',
  '</ul>',
].join('\n');

const BLOCK: NewsletterBlock = {
  from: '2026-11-16',
  to: '2026-11-22',
  title: 'New jobs: November 16, 2026 to November 22, 2026',
  html: HTML,
  digest: 'a'.repeat(64),
  jobs: [
    {
      id: '7',
      title: 'Campaign Director',
      organization: 'Open Ballot Project',
      url: 'https://jobs.example.org/jobs/7?via=newsletter',
      promised: true,
      group: null,
    },
    {
      id: '3',
      title: 'Copy Editor',
      organization: 'Example Org',
      url: 'https://jobs.example.org/jobs/3?via=newsletter',
      promised: false,
      group: 'Communications',
    },
  ],
  leftOut: 0,
};

const ISSUE: NewsletterIssue = {
  id: '1',
  createdAt: '2026-11-22T12:00:00.000Z',
  createdBy: 'admin:alice',
  title: BLOCK.title,
  from: '2026-11-16',
  to: '2026-11-22',
  ghostPostId: '6b0c82289c5f7b25622c7ac8',
  ghostEditUrl: `${GHOST}/ghost/#/editor/post/6b0c82289c5f7b25622c7ac8`,
  jobIds: ['7', '3'],
  promisedJobIds: ['7'],
};

const SESSION = {
  'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
} as const;

const renderPage = () => renderAdmin('/admin/newsletter');

afterEach(() => useToastStore.setState({ toasts: [] }));

/** The block's card, once the page has loaded. */
const blockCard = async () => screen.findByRole('region', { name: 'The block' });

describe('the newsletter page', () => {
  it("previews the week's block, sends it to Ghost as a draft and lists the issue", async () => {
    const user = userEvent.setup();
    let issues: NewsletterIssue[] = [];
    const api = fakeApi({
      ...SESSION,
      'GET /api/admin/newsletter': () => [200, { ...PAGE, issues }],
      'POST /api/admin/newsletter/preview': [200, BLOCK],
      'POST /api/admin/newsletter/issues': () => {
        issues = [ISSUE];
        return [201, ISSUE];
      },
    });
    renderPage();
    const card = await blockCard();
    expect(screen.getByText(`Ghost: ${GHOST}`)).toBeInTheDocument();
    expect(screen.getByText('Admin API key: set')).toBeInTheDocument();
    expect(within(card).getByLabelText('First day')).toHaveValue('2026-11-16');
    expect(within(card).getByLabelText('Last day')).toHaveValue('2026-11-22');
    expect(screen.getByText('No block has been sent to Ghost yet.')).toBeInTheDocument();

    await user.type(within(card).getByLabelText('Intro (optional)'), 'This week on the board.');
    await user.click(within(card).getByRole('button', { name: 'Preview' }));
    expect(await within(card).findByText(`Title in Ghost: ${BLOCK.title}`)).toBeInTheDocument();
    expect(
      within(card).getByText('2 jobs, 1 of them bought the newsletter and lead the block.'),
    ).toBeInTheDocument();
    // The exact HTML, drawn in a frame without scripts and shown as it is sent.
    const frame = within(card).getByTitle('The block as it will look');
    expect(frame).toHaveAttribute('srcdoc', HTML);
    expect(frame).toHaveAttribute('sandbox', '');
    expect(within(card).getByLabelText('The exact HTML sent to Ghost')).toHaveTextContent(
      'Campaign Director',
    );
    expect(api.bodies('POST', '/api/admin/newsletter/preview')).toEqual([
      { from: '2026-11-16', to: '2026-11-22', intro: 'This week on the board.' },
    ]);

    await user.click(within(card).getByRole('button', { name: 'Send to Ghost as a draft' }));
    expect(await within(card).findByText(NEWSLETTER_MESSAGES.sent)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open the draft in Ghost' })).toHaveAttribute(
      'href',
      ISSUE.ghostEditUrl,
    );
    expect(api.bodies('POST', '/api/admin/newsletter/issues')).toEqual([
      {
        from: '2026-11-16',
        to: '2026-11-22',
        intro: 'This week on the board.',
        digest: BLOCK.digest,
      },
    ]);
    const sent = await screen.findByRole('region', { name: 'Sent to Ghost' });
    expect(
      await within(sent).findByRole('link', { name: `Open ${BLOCK.title} in Ghost` }),
    ).toHaveAttribute('href', ISSUE.ghostEditUrl);
    expect(within(sent).getByText('2 (1 bought the newsletter)')).toBeInTheDocument();
  });

  it("shows Ghost's refusal in the contract's words and keeps the preview to try again", async () => {
    const user = userEvent.setup();
    fakeApi({
      ...SESSION,
      'GET /api/admin/newsletter': [200, PAGE],
      'POST /api/admin/newsletter/preview': [200, BLOCK],
      'POST /api/admin/newsletter/issues': [502, { message: NEWSLETTER_MESSAGES.keyRefused }],
    });
    renderPage();
    const card = await blockCard();
    await user.click(within(card).getByRole('button', { name: 'Preview' }));
    await user.click(await within(card).findByRole('button', { name: 'Send to Ghost as a draft' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      NEWSLETTER_MESSAGES.keyRefused,
    );
    expect(within(card).getByRole('button', { name: 'Send to Ghost as a draft' })).toBeEnabled();
    expect(screen.getByText('No block has been sent to Ghost yet.')).toBeInTheDocument();
  });

  it('asks for a new preview once the form changed, and sends nothing without the key', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      ...SESSION,
      'GET /api/admin/newsletter': [200, { ...PAGE, ghost: { url: null, adminKeySet: false } }],
      'POST /api/admin/newsletter/preview': [200, BLOCK],
    });
    renderPage();
    const card = await blockCard();
    expect(screen.getByText('Ghost: GHOST_URL is not set')).toBeInTheDocument();
    expect(screen.getByText('Admin API key: not set')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Preview' }));
    const send = await within(card).findByRole('button', { name: 'Send to Ghost as a draft' });
    expect(send).toBeDisabled();
    expect(within(card).getByText(NEWSLETTER_MESSAGES.notConfigured)).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Intro (optional)'), 'Later.');
    expect(
      within(card).getByText(
        'The form changed since this preview: preview it again before sending.',
      ),
    ).toBeInTheDocument();
    await api.settled();
    expect(api.bodies('POST', '/api/admin/newsletter/issues')).toEqual([]);
  });

  it('turns the weekly draft on at a day and hour, and says when it runs next and how the last went', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      ...SESSION,
      'GET /api/admin/newsletter': [
        200,
        {
          ...PAGE,
          schedule: {
            ...PAGE.schedule,
            last: {
              at: '2026-11-16T08:00:00.000Z',
              issueId: null,
              message: NEWSLETTER_MESSAGES.keyRefused,
            },
          },
        },
      ],
      'PUT /api/admin/newsletter/schedule': [
        200,
        {
          on: true,
          weekday: 'friday',
          hour: 18,
          next: '2026-11-27T18:00:00.000Z',
          last: null,
        },
      ],
    });
    renderPage();
    const schedule = await screen.findByRole('region', { name: 'Weekly draft' });
    expect(
      within(schedule).getByText(
        `Last weekly run, 2026-11-16 08:00 UTC: ${NEWSLETTER_MESSAGES.keyRefused}`,
      ),
    ).toBeInTheDocument();
    await user.click(within(schedule).getByLabelText('Make the draft by itself each week'));
    await user.selectOptions(within(schedule).getByLabelText('Day'), 'Friday');
    await user.selectOptions(within(schedule).getByLabelText('Hour (UTC)'), '18:00');
    await user.click(within(schedule).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: NEWSLETTER_MESSAGES.scheduleSaved,
        variant: 'success',
      }),
    );
    expect(
      await within(schedule).findByText('Next draft: 2026-11-27 18:00 UTC'),
    ).toBeInTheDocument();
    expect(api.bodies('PUT', '/api/admin/newsletter/schedule')).toEqual([
      { on: true, weekday: 'friday', hour: 18 },
    ]);
  });

  it('is in the admin navigation', async () => {
    fakeApi({ ...SESSION, 'GET /api/admin/newsletter': [200, PAGE] });
    renderPage();
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', {
          name: 'Newsletter',
        }),
      ).toHaveAttribute('href', '/admin/newsletter'),
    );
  });
});
