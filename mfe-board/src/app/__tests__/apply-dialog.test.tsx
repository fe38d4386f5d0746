import { APPLICATION_MESSAGES, type ApplicationReceipt } from '@jobboard/contract/applications';
import { CSRF_HEADER, CSRF_HEADER_VALUE, HUMAN_PROOF_MESSAGES } from '@jobboard/contract/common';
import type { Job } from '@jobboard/contract/jobs';
import { useMemberStore, useToastStore } from '@jobboard/shared-ui';
import {
  challengeRoute,
  fakeApi,
  isSolved,
  type FakeAnswer,
  type FakeRequest,
} from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobCard } from '../../features/jobs/components/JobCard';
import { makeJob } from '../../test-support/jobs';
import { renderWithProviders } from '../../test-support/render';
import { ApplyOnBoard } from '../apply-on-board';

/**
 * Issue 42: a seeker applies on the board, through the dialog the Apply button opens, as they
 * would: typing, choosing, attaching a file and sending. The API is faked at the network's edge
 * (Mock Service Worker), so the request is the one the browser would send.
 */

const APPLY = 'POST /api/jobs/:id/applications';

const JOB: Job = makeJob({
  id: '21',
  title: 'Data Editor',
  company: { name: 'Open Newsroom', description: '', websiteUrl: '' },
  apply: {
    method: 'board',
    questions: [
      { id: 'q1', kind: 'text', label: 'Why this newsroom?', required: true, choices: [] },
      { id: 'q2', kind: 'yesNo', label: 'Can you work in the US?', required: true, choices: [] },
      {
        id: 'q3',
        kind: 'choice',
        label: 'When could you start?',
        required: false,
        choices: ['At once', 'In a month'],
      },
    ],
  },
});

const RECEIPT: ApplicationReceipt = {
  id: '301',
  message: APPLICATION_MESSAGES.sent('Data Editor', 'Open Newsroom', 'ada@example.org'),
};

const DRAFT_KEY = 'job_board_application:21';

const resume = () => new File(['%PDF-1.7 a résumé'], 'cv.pdf', { type: 'application/pdf' });

beforeEach(() => {
  localStorage.clear();
  useToastStore.setState({ toasts: [] });
  useMemberStore.setState({ status: 'signed-out', member: null, source: null });
});

afterEach(() => vi.restoreAllMocks());

function renderCard(job: Job = JOB) {
  renderWithProviders(
    <ApplyOnBoard>
      <JobCard job={job} />
    </ApplyOnBoard>,
  );
}

/** Press the card's Apply and wait for the form. */
async function openDialog() {
  await userEvent.click(screen.getByRole('link', { name: 'Apply' }));
  const dialog = await screen.findByRole('dialog', { name: 'Apply for Data Editor' });
  await within(dialog).findByLabelText('Your name');
  return dialog;
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);

/** Everything a complete application needs, typed and chosen. */
async function fillIn(dialog: HTMLElement) {
  await userEvent.type(field(dialog, 'Your name'), 'Ada Lovelace');
  await userEvent.type(field(dialog, 'Your e-mail address'), 'ada@example.org');
  await userEvent.type(field(dialog, 'Phone (optional)'), '+1 555 0100');
  await userEvent.type(
    field(dialog, 'Links (optional)'),
    'https://ada.example.org{Enter}https://portfolio.example.org/ada',
  );
  await userEvent.type(field(dialog, 'Cover note'), 'I have edited data stories for years.');
  await userEvent.type(field(dialog, 'Why this newsroom?'), 'Its public records desk.');
  const us = within(dialog).getByRole('group', { name: 'Can you work in the US?' });
  await userEvent.click(within(us).getByLabelText('Yes'));
  await userEvent.selectOptions(field(dialog, 'When could you start? (optional)'), 'In a month');
  await userEvent.upload(field(dialog, 'Résumé') as HTMLInputElement, resume());
}

const send = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));

/** The parts of a multipart request as they went over the wire. */
async function partsOf(request: FakeRequest): Promise<FormData> {
  return new Response(request.body as string, {
    headers: { 'content-type': request.headers.get('content-type')! },
  }).formData();
}

const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

describe('the application dialog', () => {
  it('sends the application as a multipart of every part, and says so only once it is stored', async () => {
    let answer!: (value: FakeAnswer<ApplicationReceipt>) => void;
    const api = fakeApi({
      ...challengeRoute,
      [APPLY]: () => new Promise<FakeAnswer<ApplicationReceipt>>((done) => (answer = done)),
    });
    const sent = vi.spyOn(globalThis, 'fetch');
    renderCard();
    const dialog = await openDialog();
    await fillIn(dialog);
    await send(dialog);

    const posts = () => api.calls.filter((call) => call.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [request] = posts();
    expect(request).toMatchObject({ method: 'POST', path: '/api/jobs/21/applications' });
    expect(request!.headers.get(CSRF_HEADER)).toBe(CSRF_HEADER_VALUE);
    expect(request!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const parts = await partsOf(request!);
    expect(Object.fromEntries([...parts].filter(([, value]) => typeof value === 'string'))).toEqual(
      {
        name: 'Ada Lovelace',
        email: 'ada@example.org',
        phone: '+1 555 0100',
        // A form's line breaks travel as CRLF (the multipart encoding's rule).
        links: 'https://ada.example.org\r\nhttps://portfolio.example.org/ada',
        coverNote: 'I have edited data stories for years.',
        'answers.q1': 'Its public records desk.',
        'answers.q2': 'yes',
        'answers.q3': 'In a month',
        // The spam check (issue 45): a solved challenge, the honeypot as no person fills it.
        humanProof: expect.any(String),
        website: '',
      },
    );
    expect(await isSolved({ humanProof: parts.get('humanProof') })).toBe(true);
    const file = parts.get('resume') as File;
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.7 a résumé');
    // Its name as the browser gives it (jsdom's File reaches Node's fetch as a nameless blob,
    // so it is read from what the form handed to fetch).
    const body = sent.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body as FormData;
    expect((body.get('resume') as File).name).toBe('cv.pdf');

    // Sent, not yet stored: no word of success.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Sending your application...');
    expect(toastTitles()).toEqual([]);
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();

    answer([201, RECEIPT]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useToastStore.getState().toasts).toEqual([
      expect.objectContaining({
        title: 'Application sent',
        description: RECEIPT.message,
        variant: 'success',
      }),
    ]);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    // The focus is back on the button that opened it.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Apply' })).toHaveFocus());
    // Nothing of this application is offered again.
    await openDialog();
    expect(field(screen.getByRole('dialog'), 'Your name')).toHaveValue('');
  });

  it("checks the form by the server's rules before sending, the focus on the first message", async () => {
    const api = fakeApi({ ...challengeRoute, [APPLY]: [201, RECEIPT] });
    renderCard();
    const dialog = await openDialog();
    await userEvent.type(field(dialog, 'Your e-mail address'), 'not an address');
    await send(dialog);

    const name = field(dialog, 'Your name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Please enter your name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, 'Your e-mail address')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(field(dialog, 'Cover note')).toHaveAccessibleDescription(APPLICATION_MESSAGES.coverNote);
    expect(field(dialog, 'Why this newsroom?')).toHaveAccessibleDescription(
      'Please answer this question',
    );
    expect(
      within(dialog).getByRole('group', { name: 'Can you work in the US?' }),
    ).toHaveAccessibleDescription('Please answer this question');
    // The optional question and fields have nothing to say.
    expect(field(dialog, 'When could you start? (optional)')).not.toHaveAttribute('aria-invalid');
    expect(field(dialog, 'Phone (optional)')).not.toHaveAttribute('aria-invalid');
    expect(field(dialog, 'Résumé')).toHaveAccessibleDescription(
      `${APPLICATION_MESSAGES.resume} PDF, DOCX or ODT, at most 5 MB`,
    );
    await api.settled();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('refuses a résumé over 5 MB before sending it', async () => {
    const api = fakeApi({ ...challengeRoute, [APPLY]: [201, RECEIPT] });
    renderCard();
    const dialog = await openDialog();
    await fillIn(dialog);
    const large = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', {
      type: 'application/pdf',
    });
    await userEvent.upload(field(dialog, 'Résumé') as HTMLInputElement, large);
    await send(dialog);
    await waitFor(() => expect(field(dialog, 'Résumé')).toHaveFocus());
    expect(field(dialog, 'Résumé')).toHaveAccessibleDescription(
      expect.stringContaining('Your résumé must be 5 MB or smaller'),
    );
    await api.settled();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows a 400's messages beside their fields, keeping everything typed", async () => {
    fakeApi({
      ...challengeRoute,
      [APPLY]: [
        400,
        {
          message: 'Please check your application',
          fields: {
            email: 'Please enter a valid email address',
            'answers.q1': 'Please keep your answer under 1000 characters',
          },
        },
      ],
    });
    renderCard();
    const dialog = await openDialog();
    await fillIn(dialog);
    await send(dialog);

    const email = field(dialog, 'Your e-mail address');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field(dialog, 'Why this newsroom?')).toHaveAccessibleDescription(
      'Please keep your answer under 1000 characters',
    );
    expect(email).toHaveValue('ada@example.org');
    expect(field(dialog, 'Cover note')).toHaveValue('I have edited data stories for years.');
    expect(toastTitles()).toEqual([]);
  });

  it("says a refusal of the whole application (409) in the server's words", async () => {
    fakeApi({ ...challengeRoute, [APPLY]: [409, { message: APPLICATION_MESSAGES.duplicate }] });
    renderCard();
    const dialog = await openDialog();
    await fillIn(dialog);
    await send(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(APPLICATION_MESSAGES.duplicate);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(toastTitles()).toEqual([]);
  });

  it('keeps what was typed after a 500, and after closing and opening again', async () => {
    fakeApi({
      ...challengeRoute,
      [APPLY]: [500, { message: 'Something went wrong on our side. Please try again.' }],
    });
    renderCard();
    let dialog = await openDialog();
    await fillIn(dialog);
    await send(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    );
    expect(field(dialog, 'Your name')).toHaveValue('Ada Lovelace');
    expect(toastTitles()).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    dialog = await openDialog();
    expect(field(dialog, 'Your name')).toHaveValue('Ada Lovelace');
    expect(field(dialog, 'Your e-mail address')).toHaveValue('ada@example.org');
    expect(field(dialog, 'Phone (optional)')).toHaveValue('+1 555 0100');
    expect(field(dialog, 'Links (optional)')).toHaveValue(
      'https://ada.example.org\nhttps://portfolio.example.org/ada',
    );
    expect(field(dialog, 'Cover note')).toHaveValue('I have edited data stories for years.');
    expect(field(dialog, 'Why this newsroom?')).toHaveValue('Its public records desk.');
    expect(within(dialog).getByLabelText('Yes')).toBeChecked();
    expect(field(dialog, 'When could you start? (optional)')).toHaveValue('In a month');
    // A file is not kept: the browser cannot be given one back.
    expect((field(dialog, 'Résumé') as HTMLInputElement).files).toHaveLength(0);
  });

  it('keeps what was typed when the spam check refuses the application, and sends a new solution next time (issue 45)', async () => {
    let answered = 0;
    const api = fakeApi({
      ...challengeRoute,
      [APPLY]: () =>
        (answered += 1) === 1 ? [400, { message: HUMAN_PROOF_MESSAGES.refused }] : [201, RECEIPT],
    });
    renderCard();
    const dialog = await openDialog();
    await fillIn(dialog);
    await send(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      HUMAN_PROOF_MESSAGES.refused,
    );
    expect(field(dialog, 'Your name')).toHaveValue('Ada Lovelace');
    expect(field(dialog, 'Cover note')).toHaveValue('I have edited data stories for years.');
    expect(field(dialog, 'Why this newsroom?')).toHaveValue('Its public records desk.');
    expect(toastTitles()).toEqual([]);

    await send(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const proofs = await Promise.all(
      api.calls
        .filter((call) => call.method === 'POST')
        .map(async (call) => (await partsOf(call)).get('humanProof')),
    );
    expect(proofs).toHaveLength(2);
    expect(proofs[1]).not.toBe(proofs[0]);
    expect(await isSolved({ humanProof: proofs[1] })).toBe(true);
  });

  it('says what to do when the spam check could not be worked out, and keeps what was typed', async () => {
    const api = fakeApi({
      'GET /api/human-proof/challenge': [503, { message: 'Service unavailable' }],
      [APPLY]: [201, RECEIPT],
    });
    renderCard();
    const dialog = await openDialog();
    await fillIn(dialog);
    await send(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      HUMAN_PROOF_MESSAGES.unsolved,
    );
    expect(field(dialog, 'Cover note')).toHaveValue('I have edited data stories for years.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says the application could not be sent when the server cannot be reached', async () => {
    fakeApi({ ...challengeRoute, [APPLY]: [201, RECEIPT] });
    // The application's POST finds no server (the spam check's challenge was fetched before).
    const fetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      init?.method === 'POST'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : fetch(input, init),
    );
    renderCard();
    const dialog = await openDialog();
    await fillIn(dialog);
    await send(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(APPLICATION_MESSAGES.failed);
    expect(field(dialog, 'Cover note')).toHaveValue('I have edited data stories for years.');
    expect(toastTitles()).toEqual([]);
  });

  it("fills in a signed-in member's name and address", async () => {
    useMemberStore.setState({
      status: 'signed-in',
      member: { email: 'grace@example.org', name: 'Grace Hopper' },
      // Signed in on this page: no saved bookmarks to load.
      source: 'sign-in',
    });
    renderCard();
    const dialog = await openDialog();
    expect(field(dialog, 'Your name')).toHaveValue('Grace Hopper');
    expect(field(dialog, 'Your e-mail address')).toHaveValue('grace@example.org');
  });

  it("keeps a member's own typing over their record", async () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ name: 'G. Hopper', email: '', coverNote: 'Hello', answers: {} }),
    );
    useMemberStore.setState({
      status: 'signed-in',
      member: { email: 'grace@example.org', name: null },
      // Signed in on this page: no saved bookmarks to load.
      source: 'sign-in',
    });
    renderCard();
    const dialog = await openDialog();
    expect(field(dialog, 'Your name')).toHaveValue('G. Hopper');
    expect(field(dialog, 'Your e-mail address')).toHaveValue('grace@example.org');
    expect(field(dialog, 'Cover note')).toHaveValue('Hello');
  });

  it('opens from the card without opening the job, and a click inside it stays inside', async () => {
    renderCard();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByText('Why this newsroom?'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
