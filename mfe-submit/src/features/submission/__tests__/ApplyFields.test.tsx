import {
  APPLY_FIELD_LABELS,
  APPLY_FIELD_MESSAGES,
  APPLY_METHOD_LABELS,
  SCREENING_KIND_LABELS,
} from '@jobboard/contract/applications';
import { PAY_FIELD_LABELS } from '@jobboard/contract/jobs';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { SharedUiProvider, useToastStore } from '@jobboard/shared-ui';
import { render, screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { MemoryRouter } from '@jobboard/shared-ui/router';
import { challengeRoute, fakeApi } from '@jobboard/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import SubmitJobPage from '../../../app/SubmitJobPage';

/**
 * "How should candidates apply?" on the public form (issue 42, docs/product.md#applying), as an
 * employer fills it: a link (the default), an address the board relays to, or the board's form
 * with up to five questions; each way asks for its own field alone.
 */

function renderPage() {
  render(
    <SharedUiProvider>
      <MemoryRouter initialEntries={['/submit-job']}>
        <SubmitJobPage />
      </MemoryRouter>
    </SharedUiProvider>,
  );
}

const RECEIVED = { id: '7', status: 'pending_review' };

/** Every field but the way to apply, pasted as people fill a form they have the text of. */
async function fillJob() {
  const user = userEvent.setup();
  const paste = async (label: string, text: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  };
  await paste('Job Title', VALID_SUBMISSION.title);
  await paste('Organization', VALID_SUBMISSION.organization);
  await paste('Job Description', VALID_SUBMISSION.description);
  await paste('Location', VALID_SUBMISSION.location);
  await user.click(screen.getByRole('checkbox', { name: 'Communications' }));
  await user.selectOptions(screen.getByLabelText('Job Type'), 'Full-time');
  await paste(PAY_FIELD_LABELS.min, '85000');
  await paste('Contact Name', VALID_SUBMISSION.contactName);
  await paste('Contact Email', VALID_SUBMISSION.contactEmail);
  return { user, paste };
}

/** What the form sent (the page also reads the site's settings). */
const posts = (calls: readonly { method: string; body?: unknown }[]) =>
  calls.filter((c) => c.method === 'POST');

const submit = () => screen.getByRole('button', { name: 'Submit for Review (Free)' });

afterEach(() => useToastStore.setState({ toasts: [] }));

describe('how candidates apply, on the submission form', () => {
  it('offers the three ways, a link first, with its URL required as before', async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const ways = screen.getByRole('radiogroup', { name: APPLY_FIELD_LABELS.method });
    expect(
      within(ways)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['link', 'email', 'form']);
    expect(within(ways).getByRole('radio', { name: APPLY_METHOD_LABELS.link })).toBeChecked();
    const { user } = await fillJob();
    await user.click(submit());
    expect(screen.getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(screen.queryByLabelText(APPLY_FIELD_LABELS.applicationEmail)).toBeNull();
    expect(posts(received.calls)).toHaveLength(0);
  });

  it('relays by e-mail: asks for the address instead of the link, and sends it', async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const { user, paste } = await fillJob();
    await user.click(screen.getByRole('radio', { name: APPLY_METHOD_LABELS.email }));
    expect(screen.queryByLabelText('Application URL')).toBeNull();
    await user.click(submit());
    expect(screen.getByText(APPLY_FIELD_MESSAGES.applicationEmail)).toBeInTheDocument();
    expect(posts(received.calls)).toHaveLength(0);

    await paste(APPLY_FIELD_LABELS.applicationEmail, 'apply@coastal.example');
    await paste(APPLY_FIELD_LABELS.howToApply, 'Include a writing sample.');
    await user.click(submit());
    expect(
      await screen.findByRole('heading', { name: 'Submission Received!' }),
    ).toBeInTheDocument();
    expect(posts(received.calls)[0]?.body).toMatchObject({
      applyMethod: 'email',
      applicationEmail: 'apply@coastal.example',
      howToApply: 'Include a writing sample.',
      screeningQuestions: [],
    });
  });

  it("the board's form: questions added, set and removed, a list checked before sending", async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const { user } = await fillJob();
    await user.click(screen.getByRole('radio', { name: APPLY_METHOD_LABELS.form }));
    const add = () =>
      user.click(screen.getByRole('button', { name: APPLY_FIELD_LABELS.addQuestion }));
    await add();
    await add();
    await user.type(
      screen.getByLabelText(
        `${APPLY_FIELD_LABELS.question(1)}: ${APPLY_FIELD_LABELS.questionLabel}`,
      ),
      'Can you travel?',
    );
    const first = screen.getByRole('region', { name: APPLY_FIELD_LABELS.question(1) });
    await user.selectOptions(
      within(first).getByLabelText(APPLY_FIELD_LABELS.questionKind),
      SCREENING_KIND_LABELS.yesNo,
    );
    await user.click(
      within(first).getByRole('checkbox', { name: APPLY_FIELD_LABELS.questionRequired }),
    );
    const second = screen.getByRole('region', { name: APPLY_FIELD_LABELS.question(2) });
    await user.selectOptions(
      within(second).getByLabelText(APPLY_FIELD_LABELS.questionKind),
      SCREENING_KIND_LABELS.choice,
    );
    await user.type(
      within(second).getByLabelText(
        `${APPLY_FIELD_LABELS.question(2)}: ${APPLY_FIELD_LABELS.questionLabel}`,
      ),
      'Which shift?',
    );
    await user.type(within(second).getByLabelText(APPLY_FIELD_LABELS.questionChoices), 'Day');
    await user.click(submit());
    expect(screen.getByText(APPLY_FIELD_MESSAGES.choices)).toBeInTheDocument();
    expect(posts(received.calls)).toHaveLength(0);

    await user.type(
      within(second).getByLabelText(APPLY_FIELD_LABELS.questionChoices),
      '{Enter}Night',
    );
    // Five at most: the button goes once there are five.
    for (let i = 0; i < 3; i++) await add();
    expect(screen.queryByRole('button', { name: APPLY_FIELD_LABELS.addQuestion })).toBeNull();
    for (const n of [5, 4, 3]) {
      await user.click(
        screen.getByRole('button', { name: `${APPLY_FIELD_LABELS.removeQuestion} question ${n}` }),
      );
    }
    await user.click(submit());
    expect(
      await screen.findByRole('heading', { name: 'Submission Received!' }),
    ).toBeInTheDocument();
    expect(posts(received.calls)[0]?.body).toMatchObject({
      applyMethod: 'form',
      screeningQuestions: [
        { kind: 'yesNo', label: 'Can you travel?', required: true, choices: [] },
        { kind: 'choice', label: 'Which shift?', required: false, choices: ['Day', 'Night'] },
      ],
    });
  });
});
