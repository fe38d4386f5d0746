import { SOCIAL_MESSAGES, type SocialChannels } from '@jobboard/contract/admin';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { socialBoard, TEMPLATES } from '../support/social-board';
import { buildTestApp, testDatabase } from '../support/test-app';

/**
 * The channels' settings on /admin/channels (issue 44): each channel with its account but never a
 * credential, its template checked, turned on and off.
 */

const board = socialBoard();
const { turnOn, createJob, log } = board;

describe(`the channels' settings on ${testDatabase}`, () => {
  it('shows each channel with its account but never a credential, and a preview sample', async () => {
    await createJob();
    const res = await board.admin({ method: 'GET', url: '/api/admin/channels' });
    expect(res.statusCode).toBe(200);
    const view: SocialChannels = res.json();
    expect(view.channels.map((c) => [c.channel, c.configured, c.account, c.enabled])).toEqual([
      ['bluesky', true, `@${board.bluesky.handle}`, false],
      ['mastodon', true, new URL(board.mastodon.url).host, false],
      ['webhook', true, `${new URL(board.webhook.url).host} (Slack)`, false],
    ]);
    expect(view.sample).toMatchObject({
      jobUrl: expect.stringMatching(/^http:\/\/localhost:3000\/jobs\/\d+$/),
      details: {
        title: 'Senior Grants Writer',
        organization: 'Harbor Health Alliance',
        location: 'Portland, ME',
      },
    });
    for (const secret of [
      board.bluesky.appPassword,
      board.mastodon.token,
      new URL(board.webhook.url).pathname,
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('refuses a bad template with a clear message and keeps what was saved', async () => {
    await turnOn('bluesky');
    const cases: [string, string][] = [
      ['', SOCIAL_MESSAGES.templateBlank],
      ['{title} is hiring', SOCIAL_MESSAGES.linkMissing],
      ['{title} {salary} {link}', SOCIAL_MESSAGES.unknownPlaceholder('salary')],
      [
        `${'x'.repeat(280)} {link}`,
        expect.stringContaining("Without the job's details this post is already"),
      ],
    ];
    for (const [template, message] of cases) {
      const res = await board.admin({
        method: 'PUT',
        url: '/api/admin/channels/bluesky',
        payload: { enabled: false, template },
      });
      expect(res.statusCode, template).toBe(400);
      expect(res.json()).toMatchObject({ fields: { template: message } });
    }
    const view: SocialChannels = (
      await board.admin({ method: 'GET', url: '/api/admin/channels' })
    ).json();
    expect(view.channels[0]).toMatchObject({ enabled: true, template: TEMPLATES.bluesky });
  });

  it('cancels what a channel had not posted yet when it is turned off', async () => {
    await turnOn('webhook');
    await createJob();
    await board.admin({
      method: 'PUT',
      url: '/api/admin/channels/webhook',
      payload: { enabled: false, template: TEMPLATES.webhook },
    });
    await board.t.app.social.send();
    expect(board.webhook.messages).toEqual([]);
    expect(await log()).toEqual([
      expect.objectContaining({ status: 'cancelled', lastError: SOCIAL_MESSAGES.turnedOff }),
    ]);
  });
});

describe(`a channel not set up on ${testDatabase}`, () => {
  it('cannot be turned on, and says which variables to set', async () => {
    const bare = await buildTestApp({ env: { SOCIAL_POLL_SECONDS: '0' } });
    try {
      const request = await signedIn(bare);
      const res = await request({
        method: 'PUT',
        url: '/api/admin/channels/mastodon',
        payload: { enabled: true, template: TEMPLATES.mastodon },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        SOCIAL_MESSAGES.cannotTurnOn('Mastodon', 'MASTODON_URL and MASTODON_ACCESS_TOKEN'),
      );
      const view: SocialChannels = (
        await request({ method: 'GET', url: '/api/admin/channels' })
      ).json();
      expect(view.channels.every((c) => !c.configured && c.account === null && !c.enabled)).toBe(
        true,
      );
      expect(view.sample).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
