import { SOCIAL_MESSAGES } from '@jobboard/contract/admin';
import { describe, expect, it } from 'vitest';
import { pay, startCheckout } from '../support/payments';
import { PUBLIC_URL, socialBoard } from '../support/social-board';
import { insertSubmission } from '../support/submissions';
import { SocialRepository } from '../../src/social/social-repository';
import { buildTestApp, testDatabase } from '../support/test-app';

/**
 * Social posting (issue 44, docs/product.md#social-posting) against a real Bluesky PDS
 * (@atproto/dev-env), a stand-in of Mastodon's API and a chat webhook, all on this machine: what
 * is posted, when, once, and deleted. Retries: social-retries.test.ts; the channels' settings:
 * channel-settings.test.ts.
 */

const board = socialBoard();
const { turnOn, createJob, log, logNow, advance } = board;

describe(`social posting on ${testDatabase}`, () => {
  it('posts a listing an admin creates live once to each channel that is on, each linking through the board', async () => {
    await turnOn('bluesky', 'mastodon', 'webhook');
    const id = await createJob();
    const report = await board.t.app.social.send();
    expect(report).toMatchObject({ ran: true, posted: 3, failed: 0 });

    const link = (channel: string) => `${PUBLIC_URL}/jobs/${id}?via=${channel}`;
    // Bluesky: the record as the PDS keeps it, read back from the account's repository.
    const [post] = await board.bluesky.posts();
    expect(post!.value).toMatchObject({
      $type: 'app.bsky.feed.post',
      text: `New job: Senior Grants Writer at Harbor Health Alliance (Portland, ME)\n${link('bluesky')}`,
      embed: {
        $type: 'app.bsky.embed.external',
        external: { uri: link('bluesky'), title: 'Senior Grants Writer at Harbor Health Alliance' },
      },
    });
    const text = post!.value.text as string;
    const facet = (
      post!.value.facets as {
        index: { byteStart: number; byteEnd: number };
        features: { uri: string }[];
      }[]
    )[0]!;
    expect(Buffer.from(text).subarray(facet.index.byteStart, facet.index.byteEnd).toString()).toBe(
      link('bluesky'),
    );
    expect(facet.features[0]!.uri).toBe(link('bluesky'));

    expect(board.mastodon.statuses).toEqual([
      expect.objectContaining({
        text: `Hiring: Senior Grants Writer at Harbor Health Alliance, Portland, ME.\n${link('mastodon')}\n#jobs`,
        visibility: 'public',
        idempotencyKey: expect.stringMatching(/^jobboard-post-\d+-\d+$/),
      }),
    ]);
    expect(board.webhook.messages).toEqual([
      {
        text: `New job: Senior Grants Writer at Harbor Health Alliance (Portland, ME) ${link('webhook')}`,
      },
    ]);

    const posts = await log();
    expect(posts.map((p) => [p.channel, p.status])).toEqual([
      ['webhook', 'posted'],
      ['mastodon', 'posted'],
      ['bluesky', 'posted'],
    ]);
    expect(posts.find((p) => p.channel === 'bluesky')!.url).toBe(
      `https://bsky.app/profile/${board.bluesky.did}/post/${post!.uri.split('/').pop()}`,
    );

    // Once per listing: a second run, an edit, a republish post nothing more.
    await board.t.app.social.send();
    expect(
      (
        await board.admin({
          method: 'PUT',
          url: `/api/admin/jobs/${id}`,
          payload: { title: 'Grants Lead' },
        })
      ).statusCode,
    ).toBe(200);
    await board.admin({ method: 'POST', url: `/api/admin/jobs/${id}/republish` });
    expect(await board.t.app.social.send()).toMatchObject({ posted: 0 });
    expect(await board.bluesky.posts()).toHaveLength(1);
    expect(board.mastodon.statuses).toHaveLength(1);
    expect(board.webhook.messages).toHaveLength(1);
  });

  it('posts a paid listing when its payment publishes it', async () => {
    await turnOn('mastodon');
    const submissionId = await insertSubmission(board.t.db);
    const { token } = await board.t.app.payments.issueLink(
      board.t.db,
      submissionId,
      board.t.clock.now,
    );
    await pay(board.t, board.stripe, await startCheckout(board.t, board.stripe, token));
    const { job_id: jobId } = await board.t.db('submissions').where({ id: submissionId }).first();
    await board.t.app.social.send();
    expect(board.mastodon.statuses.map((s) => s.text)).toEqual([
      expect.stringContaining(
        `Digital Organizer at Open Ballot Project, Remote. $55,000 - $65,000 a year\n${PUBLIC_URL}/jobs/${jobId}?via=mastodon`,
      ),
    ]);
  });

  it('posts a listing created switched off once it is switched on, and never one from before the channel was on', async () => {
    const before = await createJob({ title: 'Older Listing' });
    advance(1_000);
    await turnOn('webhook');
    const off = await createJob({ title: 'Draft Listing', active: false });
    await board.t.app.social.send();
    expect(board.webhook.messages).toEqual([]);
    // An edit of the older listing does not post it either: it was on the board before.
    await board.admin({
      method: 'PUT',
      url: `/api/admin/jobs/${before}`,
      payload: { title: 'Older Listing, edited' },
    });
    await board.admin({ method: 'PUT', url: `/api/admin/jobs/${off}`, payload: { active: true } });
    await board.t.app.social.send();
    expect(board.webhook.messages.map((m) => m.text)).toEqual([
      expect.stringContaining('Draft Listing'),
    ]);
  });

  it("deletes a closed listing's Bluesky and Mastodon posts; the webhook's message stays", async () => {
    await turnOn('bluesky', 'mastodon', 'webhook');
    const id = await createJob();
    await board.t.app.social.send();
    expect(await board.bluesky.posts()).toHaveLength(1);

    const off = await board.admin({
      method: 'POST',
      url: '/api/admin/jobs/bulk',
      payload: { action: 'deactivate', ids: [Number(id)] },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await board.t.app.social.send()).toMatchObject({ removed: 2 });
    expect(await board.bluesky.posts()).toEqual([]);
    expect(board.mastodon.statuses).toEqual([expect.objectContaining({ deleted: true })]);
    expect(board.mastodon.calls.map((c) => `${c.method} ${c.status}`)).toEqual([
      'POST 200',
      'DELETE 200',
    ]);
    expect(board.webhook.messages).toHaveLength(1);
    const posts = await log();
    expect(Object.fromEntries(posts.map((p) => [p.channel, p.status]))).toEqual({
      bluesky: 'removed',
      mastodon: 'removed',
      webhook: 'posted',
    });
    // Switched on again, it is not posted a second time.
    await board.admin({
      method: 'POST',
      url: '/api/admin/jobs/bulk',
      payload: { action: 'activate', ids: [Number(id)] },
    });
    expect(await board.t.app.social.send()).toMatchObject({ posted: 0 });
  });

  it('deletes the posts of a listing that ends by itself (its term runs out) and of a deleted one', async () => {
    await turnOn('bluesky', 'mastodon');
    const ending = await createJob({ title: 'Ends Soon', deadline: '2026-11-25' });
    const deleted = await createJob({ title: 'Deleted Later' });
    await board.t.app.social.send();
    expect(await board.bluesky.posts()).toHaveLength(2);

    expect(
      (await board.admin({ method: 'DELETE', url: `/api/admin/jobs/${deleted}` })).statusCode,
    ).toBe(200);
    board.t.clock.now = new Date('2026-11-26T00:00:00Z');
    const report = await board.t.app.social.send();
    expect(report).toMatchObject({ ended: 2, removed: 4 });
    expect(await board.bluesky.posts()).toEqual([]);
    expect(board.mastodon.statuses.every((s) => s.deleted)).toBe(true);
    expect((await logNow()).map((p) => [p.jobId, p.status]).sort()).toEqual(
      [
        [deleted, 'removed'],
        [deleted, 'removed'],
        [ending, 'removed'],
        [ending, 'removed'],
      ].sort(),
    );
  });

  it('does not post a listing that closed before its post went out', async () => {
    await turnOn('mastodon');
    const id = await createJob();
    await board.admin({ method: 'DELETE', url: `/api/admin/jobs/${id}` });
    await board.t.app.social.send();
    expect(board.mastodon.calls).toEqual([]);
    expect(await log()).toEqual([
      expect.objectContaining({
        status: 'cancelled',
        lastError: SOCIAL_MESSAGES.closedFirst,
        retryable: false,
      }),
    ]);
  });

  it('sends each post once when two processes run their senders at the same time', async () => {
    const second = await buildTestApp({ env: board.env(), sameDatabaseAs: board.t });
    try {
      await turnOn('bluesky', 'mastodon', 'webhook');
      for (let i = 0; i < 3; i += 1) await createJob({ title: `Role ${i}` });
      const reports = await Promise.all([
        board.t.app.social.send(),
        second.app.social.send(),
        board.t.app.social.send(),
      ]);
      expect(reports.reduce((sum, r) => sum + r.posted, 0)).toBe(9);
      // Whatever ran first, a later run of either finds nothing left.
      expect((await second.app.social.send()).posted).toBe(0);
      expect(await board.bluesky.posts()).toHaveLength(3);
      expect(board.mastodon.statuses).toHaveLength(3);
      expect(board.webhook.messages).toHaveLength(3);
    } finally {
      await second.close();
    }
  });

  it('lets one sender have a post: of two claims of it, one wins, and a sender that died with it leaves it to another', async () => {
    await turnOn('webhook');
    await createJob();
    const repository = new SocialRepository(board.t.db);
    const [row] = await repository.due(board.t.clock.now, ['webhook'], 10);
    const until = board.t.clock.now.getTime() + 60_000;
    const claims = await Promise.all([
      repository.claim(row!, until),
      repository.claim(row!, until),
    ]);
    expect(claims.sort()).toEqual([false, true]);
    // Taken, it is nobody else's until its claim runs out (its sender may be sending it).
    expect(await board.t.app.social.send()).toMatchObject({ posted: 0 });
    advance(60_000);
    expect(await board.t.app.social.send()).toMatchObject({ posted: 1 });
    expect(board.webhook.messages).toHaveLength(1);
  });
});
