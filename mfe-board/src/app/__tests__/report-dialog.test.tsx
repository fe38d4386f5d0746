import { CSRF_HEADER, CSRF_HEADER_VALUE, HUMAN_PROOF_MESSAGES } from '@jobboard/contract/common';
import { REPORT_LIMITS, REPORT_MESSAGES, REPORT_TEXTS, type Job } from '@jobboard/contract/jobs';
import { useToastStore } from '@jobboard/shared-ui';
import {
  challengeRoute,
  fakeApi,
  isSolved,
  testChallenge,
  type FakeAnswer,
  type FakeApi,
} from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { JobDetail } from '../../features/jobs/components/JobDetail';
import { makeJob } from '../../test-support/jobs';
import { renderWithProviders } from '../../test-support/render';
import { ReportOnBoard } from '../report-on-board';

/**
 * Issue 45: a visitor reports a listing from its detail, as they would: 'Report this listing',
 * a reason chosen, a note and an address typed, sent. The API is faked at the network's edge
 * (Mock Service Worker), so the request is the one the browser would send.
 */

const REPORT = 'POST /api/jobs/:id/reports';

const JOB: Job = makeJob({
  id: '31',
  title: 'Grants Officer',
  company: { name: 'Harbor Fund', description: '', websiteUrl: '' },
});

beforeEach(() => useToastStore.setState({ toasts: [] }));

function renderDetail(job: Job = JOB) {
  renderWithProviders(
    <ReportOnBoard>
      <JobDetail job={job} />
    </ReportOnBoard>,
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: REPORT_TEXTS.button }));
  const dialog = await screen.findByRole('dialog', { name: REPORT_TEXTS.title });
  await within(dialog).findByRole('group', { name: REPORT_TEXTS.reasonLegend });
  return dialog;
}

/** The reports sent (the spam check's challenge is fetched beside them as the dialog opens). */
const reports = (api: FakeApi) => api.calls.filter((call) => call.method === 'POST');

const send = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: REPORT_TEXTS.send }));

describe('reporting a listing', () => {
  it('asks for a reason, then sends the reason, the note and the address, and thanks once stored', async () => {
    const api = fakeApi({
      ...challengeRoute,
      [REPORT]: [201, { message: REPORT_MESSAGES.receivedWithEmail }],
    });
    renderDetail();
    const dialog = await openDialog();
    expect(dialog).toHaveAccessibleDescription('Grants Officer at Harbor Fund');
    // Every reason, in the contract's words.
    const reasons = within(dialog).getByRole('group', { name: REPORT_TEXTS.reasonLegend });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Scam or asks for money',
      'Closed or filled',
      'Wrong information',
      'Discriminatory',
      'Other',
    ]);

    // No reason yet: the message, on the group, and the focus on its first choice; nothing sent.
    await send(dialog);
    expect(reasons).toHaveAccessibleDescription(REPORT_MESSAGES.reason);
    await waitFor(() =>
      expect(within(reasons).getByLabelText('Scam or asks for money')).toHaveFocus(),
    );
    await api.settled();
    expect(reports(api)).toEqual([]);

    await userEvent.click(within(reasons).getByLabelText('Scam or asks for money'));
    await userEvent.type(
      within(dialog).getByLabelText(REPORT_TEXTS.note),
      'They asked for a $50 training fee.',
    );
    const email = within(dialog).getByLabelText(REPORT_TEXTS.email);
    expect(email).toHaveAccessibleDescription(REPORT_TEXTS.emailHint);
    await userEvent.type(email, ' reader@example.org ');
    await send(dialog);

    await waitFor(() => expect(reports(api)).toHaveLength(1));
    const [request] = reports(api);
    expect(request).toMatchObject({ method: 'POST', path: '/api/jobs/31/reports' });
    expect(request!.headers.get(CSRF_HEADER)).toBe(CSRF_HEADER_VALUE);
    const bodies = api.bodies('POST', '/api/jobs/31/reports');
    expect(bodies).toEqual([
      {
        reason: 'scam',
        note: 'They asked for a $50 training fee.',
        email: 'reader@example.org',
        // The spam check (issue 45): a solved challenge, the honeypot as no person fills it.
        humanProof: expect.any(String),
        website: '',
      },
    ]);
    expect(await isSolved(bodies[0] as { humanProof: string })).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useToastStore.getState().toasts).toEqual([
      expect.objectContaining({
        title: REPORT_TEXTS.sentTitle,
        description: REPORT_MESSAGES.receivedWithEmail,
        variant: 'success',
      }),
    ]);
    // The focus is back on the button that opened it.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: REPORT_TEXTS.button })).toHaveFocus(),
    );
  });

  it("checks the note's length and the address by the server's rules before sending", async () => {
    const api = fakeApi({
      ...challengeRoute,
      [REPORT]: [201, { message: REPORT_MESSAGES.received }],
    });
    renderDetail();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByLabelText('Wrong information'));
    const note = within(dialog).getByLabelText(REPORT_TEXTS.note);
    await userEvent.click(note);
    await userEvent.paste('x'.repeat(REPORT_LIMITS.note + 1));
    await userEvent.type(within(dialog).getByLabelText(REPORT_TEXTS.email), 'not an address');
    await send(dialog);
    await waitFor(() => expect(note).toHaveFocus());
    expect(note).toHaveAccessibleDescription(`${REPORT_MESSAGES.note} ${REPORT_TEXTS.noteHint}`);
    expect(within(dialog).getByLabelText(REPORT_TEXTS.email)).toHaveAccessibleDescription(
      `${REPORT_MESSAGES.email} ${REPORT_TEXTS.emailHint}`,
    );
    await api.settled();
    expect(reports(api)).toEqual([]);
  });

  it("keeps what was typed and shows the server's message when the report is refused", async () => {
    let answer: FakeAnswer<{ message: string }> = [
      409,
      { message: REPORT_MESSAGES.alreadyReported },
    ];
    const api = fakeApi({ ...challengeRoute, [REPORT]: () => answer });
    renderDetail();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByLabelText('Closed or filled'));
    await userEvent.type(within(dialog).getByLabelText(REPORT_TEXTS.note), 'Filled last week.');
    await send(dialog);
    const problem = await within(dialog).findByRole('alert');
    expect(problem).toHaveTextContent(REPORT_MESSAGES.alreadyReported);
    await waitFor(() => expect(problem).toHaveFocus());
    expect(within(dialog).getByLabelText('Closed or filled')).toBeChecked();
    expect(within(dialog).getByLabelText(REPORT_TEXTS.note)).toHaveValue('Filled last week.');

    // A field the server refuses shows its message beside the field.
    answer = [400, { message: 'Invalid input', fields: { note: REPORT_MESSAGES.note } }];
    await send(dialog);
    await waitFor(() =>
      expect(within(dialog).getByLabelText(REPORT_TEXTS.note)).toHaveAccessibleDescription(
        `${REPORT_MESSAGES.note} ${REPORT_TEXTS.noteHint}`,
      ),
    );
    expect(reports(api)).toHaveLength(2);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('keeps what was typed when the spam check refuses the report or cannot finish (issue 45)', async () => {
    let reachable = false;
    const api = fakeApi({
      'GET /api/human-proof/challenge': async () =>
        reachable ? [200, await testChallenge()] : [503, { message: 'Service unavailable' }],
      [REPORT]: [400, { message: HUMAN_PROOF_MESSAGES.refused }],
    });
    renderDetail();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByLabelText('Wrong information'));
    await userEvent.type(within(dialog).getByLabelText(REPORT_TEXTS.note), 'The pay is wrong.');
    await send(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      HUMAN_PROOF_MESSAGES.unsolved,
    );
    expect(reports(api)).toEqual([]);

    reachable = true;
    await send(dialog);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(HUMAN_PROOF_MESSAGES.refused),
    );
    expect(within(dialog).getByLabelText('Wrong information')).toBeChecked();
    expect(within(dialog).getByLabelText(REPORT_TEXTS.note)).toHaveValue('The pay is wrong.');
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('closes on Cancel, sending nothing', async () => {
    const api = fakeApi({
      ...challengeRoute,
      [REPORT]: [201, { message: REPORT_MESSAGES.received }],
    });
    renderDetail();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: REPORT_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await api.settled();
    expect(reports(api)).toEqual([]);
  });

  it('is not offered on an ended listing', () => {
    renderDetail(makeJob({ id: '32', expired: true }));
    expect(screen.queryByRole('button', { name: REPORT_TEXTS.button })).toBeNull();
  });
});
