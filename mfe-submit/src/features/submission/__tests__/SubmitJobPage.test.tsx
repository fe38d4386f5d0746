import {
  JOB_LIMITS,
  WORKPLACE_MESSAGES,
  WORKPLACE_TEXTS,
  PAY_FIELD_LABELS,
  PAY_MESSAGES,
  PAY_TRANSPARENCY_NOTE,
  periodOf,
} from '@jobboard/contract/jobs';
import type { SiteConfig } from '@jobboard/contract/site';
import { SharedUiProvider, SiteProvider, useToastStore } from '@jobboard/shared-ui';
import { render, screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { MemoryRouter } from '@jobboard/shared-ui/router';
import { LOGO_UPLOAD_MAX_BYTES, LOGO_UPLOAD_MESSAGES } from '@jobboard/contract/submissions';
import { SUBMISSION_CASES, VALID_SUBMISSION } from '@jobboard/contract/testing';
import { challengeRoute, fakeApi, isSolved } from '@jobboard/test-utils';
import { HUMAN_PROOF_MESSAGES } from '@jobboard/contract/common';
import { afterEach, describe, expect, it } from 'vitest';
import SubmitJobPage from '../../../app/SubmitJobPage';
import { validateSubmission } from '../components/SubmitJobForm';

const site: SiteConfig = {
  boardName: 'Nonprofit Comms Jobs',
  providerName: 'The Commons Dispatch',
  contactEmail: 'hello@example.org',
  jobsEmail: 'jobs@example.org',
  socialUrl: 'https://social.example',
  socialLabel: 'Follow us',
  resourcesUrl: 'https://example.org/resources',
  subscribeUrl: 'https://example.org/subscribe',
  membershipName: 'Ghost',
};

function renderPage(config: SiteConfig = site) {
  render(
    <SharedUiProvider>
      <SiteProvider value={config}>
        <MemoryRouter initialEntries={['/submit-job']}>
          <SubmitJobPage />
        </MemoryRouter>
      </SiteProvider>
    </SharedUiProvider>,
  );
}

const RECEIVED = { id: '7', status: 'pending_review' };

/** The failure's toast, with the server's words. */
const failedWith = (description: string) =>
  waitFor(() =>
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Submission Failed',
      description,
    }),
  );

async function fillValidForm() {
  const user = userEvent.setup();
  // The fields are pasted, as people fill a form they have the text of: typing each key is most
  // of this file's time, and the tests of typing itself type.
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
  await paste('Application URL', VALID_SUBMISSION.applicationUrl);
  await paste('Contact Name', VALID_SUBMISSION.contactName);
  await paste('Contact Email', VALID_SUBMISSION.contactEmail);
  return user;
}

afterEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe("the form checks with the API's own struct", () => {
  it.each(SUBMISSION_CASES)('$name -> $field: "$message"', ({ change, field, message }) => {
    expect(validateSubmission({ ...VALID_SUBMISSION, ...change } as never)[field as never]).toBe(
      message,
    );
  });

  it('finds nothing wrong with a valid form, whatever the hidden field holds', () => {
    expect(validateSubmission({ ...VALID_SUBMISSION, website: 'x' } as never)).toEqual({});
  });
});

describe('/submit-job', () => {
  it('lays out the page of docs/product.md#routes-and-screens', () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Submit Your Job for Review' }),
    ).toBeInTheDocument();
    const how = screen.getByRole('region', { name: 'How it works' });
    expect(within(how).getAllByRole('listitem')).toHaveLength(4);
    const pricing = screen.getByRole('region', { name: 'Pricing (Payment after approval)' });
    expect(pricing).toHaveTextContent('Featured Listing');
    expect(pricing).toHaveTextContent('$99');
    expect(pricing).toHaveTextContent('30 days');
    expect(pricing).toHaveTextContent('Multiples Listing');
    expect(pricing).toHaveTextContent('$199');
    expect(pricing).toHaveTextContent('Unlimited');
    for (const title of ['Job Details', 'Contact Information', 'Listing Type', 'Promo Code']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    // Why the form asks for pay, and where to write with questions.
    expect(
      screen.getByText(/^We only post roles submitted here when they include a salary\./),
    ).toHaveTextContent(`${PAY_TRANSPARENCY_NOTE} Questions? Write to jobs@example.org.`);
    expect(screen.getByRole('link', { name: 'jobs@example.org' })).toHaveAttribute(
      'href',
      'mailto:jobs@example.org',
    );
    expect(screen.getByLabelText('Job Description')).toHaveAttribute('rows', '6');
    expect(screen.getByRole('group', { name: PAY_FIELD_LABELS.legend })).toBeInTheDocument();
    expect(screen.getByLabelText(PAY_FIELD_LABELS.min)).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText(PAY_FIELD_LABELS.period)).toHaveDisplayValue(
      periodOf('year').label,
    );
    expect(screen.getByLabelText('Application Deadline (optional)')).toHaveAttribute(
      'type',
      'date',
    );
    expect(screen.getByRole('button', { name: 'Submit for Review (Free)' })).toBeEnabled();
    expect(screen.getByText(/By submitting, you agree to our/)).toHaveTextContent(
      'By submitting, you agree to our terms of use and privacy policy.',
    );
    expect(screen.getByRole('link', { name: 'terms of use' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('shows every required message next to its field when an empty form is submitted', async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    for (const message of [
      'Job title is required',
      'Organization name is required',
      'Job description must be at least 50 characters',
      'Location is required',
      'At least one category is required',
      'Job type is required',
      'Please enter a valid URL',
      'Please enter a valid email address',
      'Contact name is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Job Title')).toHaveAccessibleDescription('Job title is required');
    expect(received.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows a message once the field is left, not before', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Contact Email'));
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    await user.type(screen.getByLabelText('Contact Email'), 'jordan@');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('sends the payload with selectedTier and experienceLevel, then shows the confirmation', async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const user = await fillValidForm();
    await user.click(screen.getByRole('radio', { name: /Multiples Listing/ }));
    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    expect(
      await screen.findByRole('heading', { name: 'Submission Received!' }),
    ).toBeInTheDocument();
    const [call] = received.calls.filter((c) => c.method === 'POST');
    expect(call?.path).toBe('/api/submit-job-for-review');
    expect(call?.body).toMatchObject({
      title: VALID_SUBMISSION.title,
      category: ['Communications'],
      jobType: 'Full-time',
      salaryMin: '85000',
      listingType: 'featured',
      selectedTier: 'featured',
      experienceLevel: 'Not specified',
    });
    expect(screen.getByText('hiring@coastaljusticefund.org')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Job Board' })).toHaveAttribute('href', '/');
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Job Submitted Successfully!',
      description: "We'll review your submission and contact you within 24 hours.",
    });
  });

  it('sends the experience level and the company details the board shows (issues 16, 25)', async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const user = await fillValidForm();
    await user.selectOptions(screen.getByLabelText('Experience Level'), 'Senior level');
    await user.type(screen.getByLabelText('Company Website (optional)'), 'https://coastal.example');
    await user.type(
      screen.getByLabelText('Logo URL (optional)'),
      'https://coastal.example/logo.png',
    );
    await user.type(
      screen.getByLabelText('About the Company (optional)'),
      'We fund coastal communities.',
    );
    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    expect(
      await screen.findByRole('heading', { name: 'Submission Received!' }),
    ).toBeInTheDocument();
    expect(received.calls.filter((c) => c.method === 'POST')[0]?.body).toMatchObject({
      experienceLevel: 'senior',
      companyWebsite: 'https://coastal.example',
      logoUrl: 'https://coastal.example/logo.png',
      companyDescription: 'We fund coastal communities.',
    });
  });

  it('an employer picks Hybrid and types where else it may be done from; it is sent with the job (issue 47)', async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const user = await fillValidForm();
    const workplace = screen.getByRole('radiogroup', { name: WORKPLACE_TEXTS.field });
    expect(within(workplace).getByRole('radio', { name: 'On-site' })).toBeChecked();
    // On-site asks for no places.
    expect(screen.queryByLabelText(WORKPLACE_TEXTS.places)).not.toBeInTheDocument();
    await user.click(within(workplace).getByRole('radio', { name: 'Hybrid' }));
    await user.type(screen.getByLabelText(WORKPLACE_TEXTS.places), 'MD, VA, DC');
    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    expect(
      await screen.findByRole('heading', { name: 'Submission Received!' }),
    ).toBeInTheDocument();
    expect(received.calls.filter((c) => c.method === 'POST')[0]?.body).toMatchObject({
      workplaceType: 'hybrid',
      remotePlaces: 'MD, VA, DC',
    });
  });

  it("shows the contract's message when places are too long, and choosing On-site clears them", async () => {
    renderPage();
    const user = await fillValidForm();
    await user.click(screen.getByRole('radio', { name: 'Remote' }));
    await user.click(screen.getByLabelText(WORKPLACE_TEXTS.places));
    await user.paste('x'.repeat(JOB_LIMITS.remotePlaces + 1));
    await user.tab();
    expect(await screen.findByText(WORKPLACE_MESSAGES.remotePlaces)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'On-site' }));
    await user.click(screen.getByRole('radio', { name: 'Remote' }));
    expect(screen.getByLabelText(WORKPLACE_TEXTS.places)).toHaveValue('');
  });

  it('asks for a salary, as the form says only roles with one are posted (issue 16)', async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const user = await fillValidForm();
    await user.clear(screen.getByLabelText(PAY_FIELD_LABELS.min));
    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    expect(await screen.findByText(PAY_MESSAGES.required)).toBeInTheDocument();
    expect(received.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends an hourly pay with cents, its period, currency and benefits (issue 39)', async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const user = await fillValidForm();
    await user.clear(screen.getByLabelText(PAY_FIELD_LABELS.min));
    await user.type(screen.getByLabelText(PAY_FIELD_LABELS.min), '25.50');
    await user.type(screen.getByLabelText(PAY_FIELD_LABELS.max), '30');
    await user.selectOptions(
      screen.getByLabelText(PAY_FIELD_LABELS.period),
      periodOf('hour').label,
    );
    await user.selectOptions(screen.getByLabelText(PAY_FIELD_LABELS.currency), 'CAD');
    await user.type(
      screen.getByLabelText(PAY_FIELD_LABELS.benefits),
      'Health, dental and vision; 403(b) with a 5% match',
    );
    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    expect(
      await screen.findByRole('heading', { name: 'Submission Received!' }),
    ).toBeInTheDocument();
    const [body] = received.bodies('POST', '/api/submit-job-for-review');
    expect(body).toMatchObject({
      salaryMin: '25.50',
      salaryMax: '30',
      salaryPeriod: 'hour',
      salaryCurrency: 'CAD',
      benefitsSummary: 'Health, dental and vision; 403(b) with a 5% match',
    });
  });

  it("shows the contract's messages for a maximum under the minimum and an hourly pay past its ceiling", async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const user = await fillValidForm();
    const submit = screen.getByRole('button', { name: 'Submit for Review (Free)' });
    await user.type(screen.getByLabelText(PAY_FIELD_LABELS.max), '60000');
    await user.click(submit);
    expect(await screen.findByText(PAY_MESSAGES.order)).toBeInTheDocument();
    expect(screen.getByLabelText(PAY_FIELD_LABELS.max)).toHaveAccessibleDescription(
      PAY_MESSAGES.order,
    );

    // 5,000 an hour is more than the one ceiling allows a year of hours.
    await user.clear(screen.getByLabelText(PAY_FIELD_LABELS.min));
    await user.type(screen.getByLabelText(PAY_FIELD_LABELS.min), '20');
    await user.clear(screen.getByLabelText(PAY_FIELD_LABELS.max));
    await user.type(screen.getByLabelText(PAY_FIELD_LABELS.max), '5000');
    await user.selectOptions(
      screen.getByLabelText(PAY_FIELD_LABELS.period),
      periodOf('hour').label,
    );
    await user.click(submit);
    expect(await screen.findByText(PAY_MESSAGES.tooLarge('hour'))).toBeInTheDocument();
    expect(screen.getByLabelText(PAY_FIELD_LABELS.max)).toHaveAccessibleDescription(
      PAY_MESSAGES.tooLarge('hour'),
    );
    expect(screen.queryByText(PAY_MESSAGES.order)).toBeNull();
    expect(received.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("offers the board's own currency first on a board that is not in dollars", () => {
    renderPage({ ...site, currency: 'CAD' });
    const currency = screen.getByLabelText(PAY_FIELD_LABELS.currency);
    const offered = within(currency)
      .getAllByRole<HTMLOptionElement>('option')
      .filter((option) => !option.disabled)
      .map((option) => option.value);
    expect(offered[0]).toBe('CAD');
    expect(currency).toHaveDisplayValue('CAD');
  });

  it('keeps what was typed and explains when the API fails', async () => {
    fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [
        500,
        { message: 'Something went wrong on our side. Please try again.' },
      ],
    });
    renderPage();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    await failedWith('Something went wrong on our side. Please try again.');
    expect(screen.getByLabelText('Job Title')).toHaveValue(VALID_SUBMISSION.title);
    expect(screen.getByLabelText('Contact Email')).toHaveValue(VALID_SUBMISSION.contactEmail);
    expect(screen.getByRole('button', { name: 'Submit for Review (Free)' })).toBeEnabled();
  });

  it('keeps what was typed when the spam check refuses it, and sends a new solution the next time (issue 45)', async () => {
    let answered = 0;
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': () =>
        (answered += 1) === 1 ? [400, { message: HUMAN_PROOF_MESSAGES.refused }] : [201, RECEIVED],
    });
    renderPage();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    await failedWith(HUMAN_PROOF_MESSAGES.refused);
    // react-final-form's state stands: every field as typed.
    expect(screen.getByLabelText('Job Title')).toHaveValue(VALID_SUBMISSION.title);
    expect(screen.getByLabelText('Job Description')).toHaveValue(VALID_SUBMISSION.description);
    expect(screen.getByLabelText('Contact Email')).toHaveValue(VALID_SUBMISSION.contactEmail);
    expect(screen.getByLabelText(PAY_FIELD_LABELS.min)).toHaveValue('85000');

    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    expect(
      await screen.findByRole('heading', { name: 'Submission Received!' }),
    ).toBeInTheDocument();
    const [first, second] = received.bodies('POST', '/api/submit-job-for-review');
    expect(first).toMatchObject({ title: VALID_SUBMISSION.title, website: '' });
    expect(second!.humanProof).not.toBe(first!.humanProof);
    expect(await isSolved(first)).toBe(true);
    expect(await isSolved(second)).toBe(true);
  });

  it('has a honeypot no person meets: hidden from assistive technology, out of the tab order, never filled in', () => {
    fakeApi({ ...challengeRoute });
    renderPage();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).not.toBeNull();
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.autocomplete).toBe('off');
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
  });

  it("puts the server's field messages next to their fields", async () => {
    fakeApi({
      ...challengeRoute,
      'POST /api/submit-job-for-review': [
        400,
        {
          message: 'promoCode: This promo code has expired',
          field: 'promoCode',
          fields: { promoCode: 'This promo code has expired' },
        },
      ],
    });
    renderPage();
    const user = await fillValidForm();
    await user.type(screen.getByLabelText('Promo code (optional)'), 'SUMMER');
    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    expect(await screen.findByText('This promo code has expired')).toBeInTheDocument();
    expect(screen.getByLabelText('Promo code (optional)')).toHaveValue('SUMMER');
  });

  it('lets the tier cards be chosen with the keyboard', async () => {
    renderPage();
    const basic = screen.getByRole('radio', { name: /Featured Listing/ });
    const multiples = screen.getByRole('radio', { name: /Multiples Listing/ });
    expect(basic).toBeChecked();
    basic.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(multiples).toBeChecked();
    expect(multiples).toHaveFocus();
  });
});

describe('the logo file (issue 30)', () => {
  const LOGO = `/logos/${'c'.repeat(64)}.png`;
  const png = (size = 2048) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });
  /** Files are chosen as a person does; the picker's `accept` filter is off for the wrong type. */
  const chooser = () => userEvent.setup({ applyAccept: false });

  it('refuses a file over 1 MB or of another type at once, by the field, losing nothing', async () => {
    const received = fakeApi({ ...challengeRoute, 'POST /api/logos': [201, { logo: LOGO }] });
    renderPage();
    await fillValidForm();
    const picker = screen.getByLabelText(LOGO_UPLOAD_MESSAGES.label);

    await chooser().upload(picker, png(LOGO_UPLOAD_MAX_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGO_UPLOAD_MESSAGES.tooLarge);
    expect(picker).toHaveAttribute('aria-invalid', 'true');

    await chooser().upload(
      picker,
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
        type: 'image/svg+xml',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGO_UPLOAD_MESSAGES.type);
    await received.settled();
    expect(received.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    // What was typed is all there.
    expect(screen.getByLabelText('Job Title')).toHaveValue(VALID_SUBMISSION.title);
    expect(screen.getByLabelText('Contact Email')).toHaveValue(VALID_SUBMISSION.contactEmail);
  });

  it('uploads a chosen file, previews the stored logo and submits its path', async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/logos': [201, { logo: LOGO }],
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const user = await fillValidForm();
    await user.upload(screen.getByLabelText(LOGO_UPLOAD_MESSAGES.label), png());
    const preview = await screen.findByRole('img', { name: LOGO_UPLOAD_MESSAGES.preview });
    expect(preview).toHaveAttribute('src', LOGO);
    const [upload] = received.calls.filter((c) => c.path === '/api/logos');
    expect(upload?.path).toBe('/api/logos');
    expect(upload?.headers.get('content-type')).toBe('image/png');
    expect(upload?.headers.get('x-requested-with')).toBe('fetch');

    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    expect(
      await screen.findByRole('heading', { name: 'Submission Received!' }),
    ).toBeInTheDocument();
    expect(received.bodies('POST', '/api/submit-job-for-review')[0]).toMatchObject({
      logoUrl: LOGO,
    });
  });

  it('waits for a logo still uploading when Submit is pressed, and sends it with the logo', async () => {
    let store!: () => void;
    const stored = new Promise<void>((resolve) => (store = resolve));
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/logos': async () => {
        await stored;
        return [201, { logo: LOGO }];
      },
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const user = await fillValidForm();
    await user.upload(screen.getByLabelText(LOGO_UPLOAD_MESSAGES.label), png());
    expect(await screen.findByRole('status')).toHaveTextContent(LOGO_UPLOAD_MESSAGES.uploading);

    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    // Held: the button says so, and nothing is sent while the logo uploads.
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(received.bodies('POST', '/api/submit-job-for-review')).toHaveLength(0);

    store();
    expect(
      await screen.findByRole('heading', { name: 'Submission Received!' }),
    ).toBeInTheDocument();
    expect(received.bodies('POST', '/api/submit-job-for-review')).toEqual([
      expect.objectContaining({ logoUrl: LOGO, title: VALID_SUBMISSION.title }),
    ]);
  });

  it('does not send the submission without the logo when its upload fails meanwhile', async () => {
    let refuse!: () => void;
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/logos': async () => {
        await refused;
        return [400, { message: LOGO_UPLOAD_MESSAGES.notImage }];
      },
      'POST /api/submit-job-for-review': [201, RECEIVED],
    });
    renderPage();
    const user = await fillValidForm();
    await user.upload(screen.getByLabelText(LOGO_UPLOAD_MESSAGES.label), png());
    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    refuse();

    expect(await screen.findByRole('alert')).toHaveTextContent(LOGO_UPLOAD_MESSAGES.notImage);
    expect(await screen.findByRole('button', { name: 'Submit for Review (Free)' })).toBeEnabled();
    expect(received.bodies('POST', '/api/submit-job-for-review')).toHaveLength(0);
    // Everything typed is still there, and without a logo it goes on the next press.
    expect(screen.getByLabelText('Job Title')).toHaveValue(VALID_SUBMISSION.title);
    await user.click(screen.getByRole('button', { name: 'Submit for Review (Free)' }));
    expect(
      await screen.findByRole('heading', { name: 'Submission Received!' }),
    ).toBeInTheDocument();
  });

  it("shows the API's refusal by the field, and a removed logo gives the address field back", async () => {
    fakeApi({
      ...challengeRoute,
      'POST /api/logos': [400, { message: LOGO_UPLOAD_MESSAGES.notImage }],
    });
    renderPage();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(LOGO_UPLOAD_MESSAGES.label), png());
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGO_UPLOAD_MESSAGES.notImage);
    expect(screen.queryByRole('img', { name: LOGO_UPLOAD_MESSAGES.preview })).toBeNull();

    fakeApi({ ...challengeRoute, 'POST /api/logos': [201, { logo: LOGO }] });
    await user.upload(screen.getByLabelText(LOGO_UPLOAD_MESSAGES.label), png());
    expect(await screen.findByRole('img', { name: LOGO_UPLOAD_MESSAGES.preview })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: LOGO_UPLOAD_MESSAGES.remove }));
    expect(screen.getByLabelText('Logo URL (optional)')).toHaveValue('');
    expect(screen.queryByRole('img', { name: LOGO_UPLOAD_MESSAGES.preview })).toBeNull();
  });
});
