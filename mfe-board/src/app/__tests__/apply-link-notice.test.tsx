import { APPLY_LINK_TEXT } from '@jobboard/contract/jobs';
import { type FirstViewData } from '@jobboard/contract/site';
import { FIRST_VIEW_CASES } from '@jobboard/contract/testing';
import { fakeApi } from '@jobboard/test-utils';
import { act, screen, within } from '@jobboard/test-utils/react';
import { type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { JobDetail } from '../../features/jobs/components/JobDetail';
import { drawnOnServer, hydratedInBrowser } from '../../test-support/first-view';
import { makeJob } from '../../test-support/jobs';
import { renderWithProviders } from '../../test-support/render';

/**
 * A posting whose application link the board found dead (issue 45,
 * docs/product.md#dead-application-links): its page says it may have closed, over the link that
 * stays, in the page the server draws as in the browser's; a job not flagged, or ended, says
 * nothing of it.
 */

const CASE = FIRST_VIEW_CASES.find((c) => c.name === 'a job page')!;
const FLAGGED = makeJob({
  id: CASE.jobId!,
  title: 'Flagged Job',
  applicationUrl: 'https://harbor.example/jobs/gone',
  apply: { method: 'link', questions: [] },
  applyLinkFlagged: true,
});
const DATA: FirstViewData = {
  search: {
    filter: CASE.search!,
    response: { jobs: [FLAGGED], total: 1, totalExact: true, page: 1, pageSize: 10 },
  },
  locations: [],
  categories: [],
  job: { id: FLAGGED.id, job: FLAGGED },
  keys: CASE.keys,
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe('a posting whose application link was found dead', () => {
  it('says it may have closed over its link, which stays', () => {
    renderWithProviders(<JobDetail job={FLAGGED} />);
    expect(screen.getByRole('note')).toHaveTextContent(APPLY_LINK_TEXT.notice);
    expect(screen.getByRole('link', { name: /View Job Posting/ })).toBeInTheDocument();
  });

  it('says nothing of it when not flagged, or once the listing ended', () => {
    renderWithProviders(<JobDetail job={{ ...FLAGGED, applyLinkFlagged: undefined }} />);
    expect(screen.queryByText(APPLY_LINK_TEXT.notice)).toBeNull();
    document.body.innerHTML = '';
    renderWithProviders(<JobDetail job={{ ...FLAGGED, expired: true }} />);
    expect(screen.queryByText(APPLY_LINK_TEXT.notice)).toBeNull();
    expect(screen.getByText('This job is no longer accepting applications.')).toBeInTheDocument();
  });

  it('says it in the page the server draws, and the browser keeps it', async () => {
    fakeApi({
      'POST /api/jobs/search': [200, DATA.search!.response],
      'GET /api/locations': [200, []],
      'GET /api/categories': [200, []],
    });
    Object.defineProperty(navigator, 'sendBeacon', { value: () => true, configurable: true });
    const html = drawnOnServer(DATA, CASE.address);
    expect(html).toContain(APPLY_LINK_TEXT.notice.replace("'", '&#x27;'));

    const hydrated = await hydratedInBrowser(html, DATA, CASE.address);
    root = hydrated.root;
    expect(hydrated.mismatches).toEqual([]);
    expect(hydrated.warnings).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Flagged Job' });
    expect(within(dialog).getByRole('note')).toHaveTextContent(APPLY_LINK_TEXT.notice);
  });
});
