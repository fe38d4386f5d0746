import { SOCIAL_MESSAGES } from '@jobboard/contract/admin';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { METRICS_TOKEN, socialBoard } from '../support/social-board';
import { testDatabase } from '../support/test-app';

/**
 * A post that fails (issue 44, docs/product.md#social-posting): tried again with back-off, shown
 * on /admin/channels with its last error, given up after ten attempts or at once when trying
 * again cannot help, and tried again by the admin's 'Retry'.
 */

const board = socialBoard();
const { turnOn, createJob, log, logNow, advance } = board;

describe(`a failed social post on ${testDatabase}`, () => {
  it('retries a failure with back-off, shows it in the log, and posts once the network is back', async () => {
    await turnOn('mastodon', 'webhook');
    board.mastodon.trouble = ['unavailable'];
    board.webhook.failNext.push(500);
    await createJob();
    expect(await board.t.app.social.send()).toMatchObject({ posted: 0, retrying: 2 });
    const waiting = await log();
    const due = new Date(board.t.clock.now.getTime() + 30_000).toISOString();
    const metrics = await board.t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain('jobboard_social_posts{status="pending"} 2');
    expect(metrics.body).toContain('jobboard_social_posts{status="failed"} 0');
    expect(waiting).toEqual([
      expect.objectContaining({
        channel: 'webhook',
        status: 'pending',
        attempts: 1,
        lastError: 'The chat webhook answered 500: error',
        nextAttemptAt: due,
      }),
      expect.objectContaining({
        channel: 'mastodon',
        status: 'pending',
        attempts: 1,
        lastError: 'Mastodon answered 503: Service Unavailable',
        nextAttemptAt: due,
      }),
    ]);
    // Not due yet: nothing is sent.
    advance(29_000);
    expect(await board.t.app.social.send()).toMatchObject({ posted: 0, retrying: 0 });
    advance(1_000);
    expect(await board.t.app.social.send()).toMatchObject({ posted: 2 });
    expect(board.mastodon.statuses).toHaveLength(1);
    expect(board.webhook.messages).toHaveLength(1);
    expect((await logNow()).every((p) => p.status === 'posted' && p.lastError === null)).toBe(true);
  });

  it('waits as long as a 429 asks without counting it, doubles the wait after each failure, and gives up after ten', async () => {
    await turnOn('mastodon');
    board.mastodon.rateLimitReset = new Date(board.t.clock.now.getTime() + 5 * 60_000);
    board.mastodon.trouble = ['rateLimited'];
    await createJob();
    await board.t.app.social.send();
    let [post] = await log();
    expect(post).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: board.mastodon.rateLimitReset.toISOString(),
    });

    board.mastodon.trouble = Array(10).fill('unavailable');
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      board.t.clock.now = new Date(post!.nextAttemptAt!);
      await board.t.app.social.send();
      [post] = await logNow();
      if (post!.nextAttemptAt)
        waits.push(Date.parse(post!.nextAttemptAt) - board.t.clock.now.getTime());
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600].map((s) => s * 1000));
    expect(post).toMatchObject({
      status: 'failed',
      attempts: 10,
      retryable: true,
      nextAttemptAt: null,
    });

    // Retry from /admin (signed in again: the clock went past the session): out on the next run.
    board.admin = await signedIn(board.t);
    const retried = await board.admin({
      method: 'POST',
      url: `/api/admin/channels/posts/${post!.id}/retry`,
    });
    expect(retried.json()).toEqual({ message: SOCIAL_MESSAGES.retried });
    expect(await board.t.app.social.send()).toMatchObject({ posted: 1 });
    expect(board.mastodon.statuses).toHaveLength(1);
    const again = await board.admin({
      method: 'POST',
      url: `/api/admin/channels/posts/${post!.id}/retry`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SOCIAL_MESSAGES.notRetryable);
  });

  it('gives up at once on what trying again cannot change, with the network’s own words', async () => {
    await turnOn('mastodon');
    board.mastodon.trouble = ['unprocessable'];
    await createJob();
    expect(await board.t.app.social.send()).toMatchObject({ failed: 1 });
    expect(await log()).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        lastError: 'Mastodon answered 422: Validation failed: Text has been posted before',
        retryable: true,
      }),
    ]);
  });
});
