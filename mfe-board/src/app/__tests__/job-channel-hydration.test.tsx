import { REPORT_TEXTS } from '@jobboard/contract/jobs';
import { type FirstViewData } from '@jobboard/contract/site';
import { FIRST_VIEW_CASES } from '@jobboard/contract/testing';
import { fakeApi } from '@jobboard/test-utils';
import { act, screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSentJobViews } from '../../features/jobs/api/job-view';
import { drawnOnServer, hydratedInBrowser } from '../../test-support/first-view';
import { makeJob } from '../../test-support/jobs';

/**
 * A job's page as the server draws it and the browser takes it over (issue 44): the server draws
 * the Apply link for the channel it worked out from the request (FirstViewData.channel), and the
 * browser, hydrating the same page at the address it loaded (`?via=` and all), keeps that link
 * and sends the job's view for the same channel, with nothing drawn differently; its 'Report this
 * listing' (issue 45) is drawn by the server and opens its dialog once the page is live.
 */

const CASE = FIRST_VIEW_CASES.find((c) => c.name === 'a job page')!;
const JOB = makeJob({
  id: CASE.jobId!,
  title: 'Inlined Job',
  applicationUrl: 'https://harbor.example/jobs/inlined',
  apply: { method: 'link', questions: [] },
});
const DATA: FirstViewData = {
  search: {
    filter: CASE.search!,
    response: { jobs: [JOB], total: 1, totalExact: true, page: 1, pageSize: 10 },
  },
  locations: [],
  categories: [],
  job: { id: JOB.id, job: JOB },
  channel: 'newsletter',
  keys: CASE.keys,
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe("a job's page drawn by the server for its channel", () => {
  it('keeps the Apply link the server drew and counts the view for the same channel', async () => {
    fakeApi({
      'POST /api/jobs/search': [200, DATA.search!.response],
      'GET /api/locations': [200, []],
      'GET /api/categories': [200, []],
    });
    forgetSentJobViews();
    const beacon = vi.fn((_url: string) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    // The server: the address's known parameters only (no via), the channel in the data.
    const html = drawnOnServer(DATA, CASE.address);
    expect(html).toContain(`href="/jobs/${JOB.id}/apply?via=newsletter"`);
    // Issue 45: the server draws 'Report this listing' too.
    expect(html).toContain(REPORT_TEXTS.button);

    // The browser: the page with its boot configuration, at the address it loaded.
    const hydrated = await hydratedInBrowser(html, DATA, `${CASE.address}?via=newsletter`);
    root = hydrated.root;
    expect(hydrated.mismatches).toEqual([]);
    expect(hydrated.warnings).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Inlined Job' });
    expect(within(dialog).getByRole('link', { name: /View Job Posting/ })).toHaveAttribute(
      'href',
      `/jobs/${JOB.id}/apply?via=newsletter`,
    );
    expect(beacon.mock.calls).toEqual([[`/api/jobs/${JOB.id}/view?via=newsletter`]]);
    // Once live, the server's 'Report this listing' opens its dialog.
    await userEvent.click(within(dialog).getByRole('button', { name: REPORT_TEXTS.button }));
    const report = await screen.findByRole('dialog', { name: REPORT_TEXTS.title });
    expect(
      await within(report).findByRole('group', { name: REPORT_TEXTS.reasonLegend }),
    ).toBeVisible();
  });
});
