import { afterAll, beforeAll } from 'vitest';
import { signedIn } from './admin';
import { startFakeAirtable, type FakeAirtable } from './fake-airtable';
import { buildTestApp, type TestApp } from './test-app';

/**
 * A board with a JSON feed to sync from (the fake Airtable server's /feed.json, JOB_FEED_URL) and
 * a signed-in admin, for a whole test file: built before its tests, closed after.
 */
export function feedBoard() {
  const board = {} as {
    t: TestApp;
    fake: FakeAirtable;
    admin: Awaited<ReturnType<typeof signedIn>>;
  };
  beforeAll(async () => {
    board.fake = await startFakeAirtable();
    board.t = await buildTestApp({ env: { JOB_FEED_URL: board.fake.feedUrl } });
    board.admin = await signedIn(board.t);
  });
  afterAll(async () => {
    await board.t.close();
    await board.fake.close();
  });
  return board;
}
