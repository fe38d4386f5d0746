import {
  SOCIAL_MESSAGES as TEXT,
  type SocialChannels,
  type SocialChannelView,
  type SocialPost,
} from '@jobboard/contract/admin';
import { SharedUiProvider, Toaster, useToastStore } from '@jobboard/shared-ui';
import { MemoryRouter } from '@jobboard/shared-ui/router';
import { fakeApi } from '@jobboard/test-utils';
import { render, screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import ChannelsPage from '../../../app/pages/ChannelsPage';

const channel = (overrides: Partial<SocialChannelView>): SocialChannelView => ({
  channel: 'bluesky',
  label: 'Bluesky',
  configured: true,
  account: '@publication.bsky.social',
  enabled: false,
  template: 'New job: {title} at {organization} ({location})\n{pay}\n{link}',
  defaultTemplate: 'New job: {title} at {organization} ({location})\n{pay}\n{link}',
  maxLength: 300,
  counts: 'graphemes',
  canDelete: true,
  enabledAt: null,
  updatedBy: null,
  updatedAt: null,
  ...overrides,
});

const VIEW: SocialChannels = {
  channels: [
    channel({}),
    channel({
      channel: 'mastodon',
      label: 'Mastodon',
      configured: false,
      account: null,
      template: 'Hiring: {title} {link}',
      defaultTemplate: 'Hiring: {title} {link}',
      maxLength: 500,
      counts: 'graphemes-links-23',
    }),
    channel({
      channel: 'webhook',
      label: 'Chat webhook',
      account: 'hooks.slack.com (Slack)',
      template: '{title} {link}',
      defaultTemplate: '{title} {link}',
      maxLength: 4000,
      counts: 'characters',
      canDelete: false,
    }),
  ],
  sample: {
    jobId: '42',
    jobUrl: 'https://jobs.example.org/jobs/42',
    details: {
      title: 'Digital Organizer',
      organization: 'Open Ballot Project',
      location: 'Remote',
      pay: '$55,000 - $65,000 a year',
      type: 'Full-time',
    },
  },
};

const POST: SocialPost = {
  id: '7',
  channel: 'mastodon',
  jobId: '42',
  jobTitle: 'Digital Organizer',
  status: 'failed',
  text: 'Hiring: Digital Organizer https://jobs.example.org/jobs/42?via=mastodon',
  url: null,
  attempts: 10,
  lastError: 'Mastodon answered 503: Service Unavailable',
  nextAttemptAt: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  postedAt: null,
  removedAt: null,
  retryable: true,
};

const page = (posts: SocialPost[]) =>
  [200, { posts, total: posts.length, page: 1, pageSize: 25 }] as const;

function renderPage() {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={['/admin/channels']}>
          <ChannelsPage />
        </MemoryRouter>
      </SWRConfig>
      <Toaster />
    </SharedUiProvider>,
  );
}

const card = async (name: string) => screen.findByRole('region', { name });

afterEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('the channels page', () => {
  it('shows each channel, who it posts as, and its post for the newest listing with the length the network counts', async () => {
    fakeApi({
      'GET /api/admin/channels': [200, VIEW],
      'GET /api/admin/channels/posts': page([]),
    });
    renderPage();
    const bluesky = await card('Bluesky');
    expect(
      within(bluesky).getByText(TEXT.configured('@publication.bsky.social')),
    ).toBeInTheDocument();
    const preview = within(bluesky).getByRole('figure', { name: 'Preview: Bluesky' });
    const text =
      'New job: Digital Organizer at Open Ballot Project (Remote)\n$55,000 - $65,000 a year\nhttps://jobs.example.org/jobs/42?via=bluesky';
    expect(
      within(preview).getByText((_, node) => node?.tagName === 'PRE' && node.textContent === text),
    ).toBeInTheDocument();
    expect(within(preview).getByText(TEXT.length([...text].length, 300))).toBeInTheDocument();
    expect(within(bluesky).getByText(TEXT.deletes)).toBeInTheDocument();

    // Mastodon counts its link as 23 characters, whatever its length.
    const mastodon = await card('Mastodon');
    expect(
      within(mastodon).getByText(TEXT.length('Hiring: Digital Organizer '.length + 23, 500)),
    ).toBeInTheDocument();
    expect(
      within(mastodon).getByText(TEXT.notConfigured('MASTODON_URL and MASTODON_ACCESS_TOKEN')),
    ).toBeInTheDocument();
    expect(within(mastodon).getByRole('checkbox', { name: TEXT.on('Mastodon') })).toBeDisabled();
    expect(within(await card('Chat webhook')).getByText(TEXT.cannotDelete)).toBeInTheDocument();
  });

  it('checks the template as it is typed, previews it, and saves it with the channel on', async () => {
    const api = fakeApi({
      'GET /api/admin/channels': [200, VIEW],
      'GET /api/admin/channels/posts': page([]),
      'PUT /api/admin/channels/:channel': ({ body }) => [
        200,
        channel(body as Partial<SocialChannelView>),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    const bluesky = await card('Bluesky');
    const template = within(bluesky).getByLabelText(TEXT.template);
    const save = within(bluesky).getByRole('button', { name: TEXT.save });

    await user.clear(template);
    await user.type(template, '{{title} is hiring');
    expect(template).toHaveAccessibleDescription(expect.stringContaining(TEXT.linkMissing));
    expect(save).toBeDisabled();
    await user.type(template, ' {{salary}');
    expect(template).toHaveAccessibleDescription(
      expect.stringContaining(TEXT.unknownPlaceholder('salary')),
    );

    await user.clear(template);
    await user.type(template, '{{title} at {{organization}: {{link}');
    const preview = within(bluesky).getByRole('figure', { name: 'Preview: Bluesky' });
    const text =
      'Digital Organizer at Open Ballot Project: https://jobs.example.org/jobs/42?via=bluesky';
    expect(within(preview).getByText(text)).toBeInTheDocument();
    expect(within(preview).getByText(TEXT.length(text.length, 300))).toBeInTheDocument();

    await user.click(within(bluesky).getByRole('checkbox', { name: TEXT.on('Bluesky') }));
    await user.click(save);
    expect(api.bodies('PUT', '/api/admin/channels/bluesky')).toEqual([
      { enabled: true, template: '{title} at {organization}: {link}' },
    ]);
    expect(await screen.findByText(TEXT.saved('Bluesky'))).toBeInTheDocument();
  });

  it("shows the server's refusal beside the template, and the default can be taken back", async () => {
    fakeApi({
      'GET /api/admin/channels': [200, VIEW],
      'GET /api/admin/channels/posts': page([]),
      'PUT /api/admin/channels/:channel': [
        409,
        { message: TEXT.cannotTurnOn('Bluesky', 'BLUESKY_HANDLE and BLUESKY_APP_PASSWORD') },
      ],
    });
    renderPage();
    const user = userEvent.setup();
    const bluesky = await card('Bluesky');
    const template = within(bluesky).getByLabelText(TEXT.template);
    await user.clear(template);
    await user.type(template, 'Now hiring {{link}');
    await user.click(within(bluesky).getByRole('button', { name: TEXT.useDefault }));
    expect(template).toHaveValue(VIEW.channels[0]!.defaultTemplate);
    await user.click(within(bluesky).getByRole('button', { name: TEXT.save }));
    expect(await screen.findByText(TEXT.saveFailed('Bluesky'))).toBeInTheDocument();
    expect(
      screen.getByText(TEXT.cannotTurnOn('Bluesky', 'BLUESKY_HANDLE and BLUESKY_APP_PASSWORD')),
    ).toBeInTheDocument();
  });

  it('lists the latest posts with their failures, and retries one', async () => {
    let posts = [POST];
    const api = fakeApi({
      'GET /api/admin/channels': [200, VIEW],
      'GET /api/admin/channels/posts': () => page(posts),
      'POST /api/admin/channels/posts/:id/retry': () => {
        posts = [{ ...POST, status: 'pending', attempts: 0, lastError: null, retryable: false }];
        return [200, { message: TEXT.retried }];
      },
    });
    renderPage();
    const user = userEvent.setup();
    const log = await screen.findByRole('region', { name: TEXT.log });
    expect(
      await within(log).findByText(TEXT.lastError('Mastodon answered 503: Service Unavailable')),
    ).toBeInTheDocument();
    const table = within(log).getByRole('table');
    expect(within(table).getByText(TEXT.states.failed)).toBeInTheDocument();
    await user.click(
      within(log).getByRole('button', { name: TEXT.retryLabel('Mastodon', 'Digital Organizer') }),
    );
    expect(
      await within(within(log).getByRole('table')).findByText(TEXT.states.pending),
    ).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/channels/posts/7/retry',
    ]);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: TEXT.retried });
  });
});
