import {
  APPLY_FIELD_LABELS,
  APPLY_FIELD_MESSAGES,
  APPLY_METHOD_LABELS,
} from '@jobboard/contract/applications';
import { type SiteConfig } from '@jobboard/contract/site';
import {
  PAY_FIELD_LABELS,
  PAY_MESSAGES,
  WORKPLACE_MESSAGES,
  WORKPLACE_TEXTS,
} from '@jobboard/contract/jobs';
import { SharedUiProvider, SiteProvider, useToastStore } from '@jobboard/shared-ui';
import { render, screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { SWRConfig } from 'swr';
import { fakeApi } from '@jobboard/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobForm, validateJob, type JobFormValues } from '../components/JobForm';

const VALID: JobFormValues = {
  title: 'Grants Writer',
  organization: 'Harbor Health Alliance',
  applicationUrl: 'https://harborhealth.example/jobs/grants',
  description: 'Write grant proposals.',
  category: ['Fundraising'],
  locations: ['Portland, ME'],
  jobType: 'Full-time',
  via: '',
  postedDate: '2026-11-20',
  deadline: '',
  salaryMin: '70000',
  salaryMax: '85000',
  salaryPeriod: 'year',
  salaryCurrency: '',
  benefitsSummary: '',
  salaryText: '',
  experienceLevel: 'Not specified',
  active: true,
  featured: false,
};

beforeEach(() => {
  fakeApi({
    'GET /api/locations': [200, ['Boston, MA', 'Remote']],
    'GET /api/categories': [200, ['Fundraising']],
  });
});
afterEach(() => {
  useToastStore.setState({ toasts: [] });
});

function renderForm(
  initial: Partial<JobFormValues> = {},
  site?: Partial<SiteConfig>,
  employerListing = false,
) {
  const onSave = vi.fn().mockResolvedValue(undefined);
  const form = (
    <JobForm
      initialValues={{ ...VALID, ...initial }}
      submitLabel="Create Job"
      onSave={onSave}
      employerListing={employerListing}
    />
  );
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        {site ? <SiteProvider value={site as SiteConfig}>{form}</SiteProvider> : form}
      </SWRConfig>
    </SharedUiProvider>,
  );
  return onSave;
}

const PAY = PAY_FIELD_LABELS;

describe('the admin job form', () => {
  it.each([
    [{ title: '' }, 'title', 'Required'],
    [{ applicationUrl: 'no' }, 'applicationUrl', 'Please enter a valid URL'],
    [{ category: [] }, 'category', 'Select at least one category'],
    [{ locations: [] }, 'locations', 'At least one location is required'],
    [{ postedDate: '' }, 'postedDate', 'Required'],
    [{ salaryMin: '90000', salaryMax: '1' }, 'salaryMax', PAY_MESSAGES.order],
    [{ salaryMin: '27.505' }, 'salaryMin', PAY_MESSAGES.amount],
    [
      { salaryMin: '25', salaryMax: '5000', salaryPeriod: 'hour' },
      'salaryMax',
      PAY_MESSAGES.tooLarge('hour'),
    ],
    [{ salaryCurrency: 'dollars' }, 'salaryCurrency', PAY_MESSAGES.currency],
  ])('checks %j with the API struct', (change, field, message) => {
    expect(validateJob({ ...VALID, ...change } as JobFormValues)[field as never]).toBe(message);
  });

  it('adds locations with Enter, trimmed and without repeats, or from the existing ones', async () => {
    const onSave = renderForm({ locations: [] });
    const user = userEvent.setup();
    const input = screen.getByLabelText('Locations');
    await user.type(input, '  Denver, CO  {Enter}');
    await user.type(input, 'denver, co{Enter}');
    await user.selectOptions(
      await screen.findByLabelText('Or pick an existing location'),
      'Remote',
    );
    const chips = screen.getByRole('list', { name: 'Locations added' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Denver, CO×', 'Remote×']);
    await user.click(screen.getByRole('button', { name: 'Remove Remote' }));
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ locations: ['Denver, CO'], salaryMin: '70000', deadline: null }),
    );
  });

  it('takes one label however its accent is written, as the API keys it (issue 41, R4)', async () => {
    const composed = 'M\u00e9rida';
    const decomposed = 'Me\u0301rida';
    fakeApi({
      'GET /api/locations': [200, [composed, 'Remote']],
      'GET /api/categories': [200, ['Fundraising']],
    });
    const onSave = renderForm({ locations: [] });
    const user = userEvent.setup();
    const input = screen.getByLabelText('Locations');
    await user.type(input, `${decomposed}{Enter}`);
    await user.type(input, ` ${composed.toUpperCase()} {Enter}`);
    const chips = screen.getByRole('list', { name: 'Locations added' });
    expect(within(chips).getAllByRole('listitem')).toHaveLength(1);
    // The board's own spelling is not offered again: it is the label already added.
    const picker = await screen.findByLabelText('Or pick an existing location');
    expect(within(picker).queryByRole('option', { name: composed })).toBeNull();
    expect(within(picker).getByRole('option', { name: 'Remote' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ locations: [decomposed] }));
  });

  it('sets the experience level and the company links (issue 16)', async () => {
    const onSave = renderForm();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Experience Level'), 'Mid level');
    await user.type(screen.getByLabelText('Company Website (optional)'), 'https://harbor.example');
    await user.type(screen.getByLabelText('Logo URL (optional)'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(validateJob({ ...VALID, logoUrl: 'not a url' }).logoUrl).toBe(
      'Please enter a valid URL',
    );
    await user.clear(screen.getByLabelText('Logo URL (optional)'));
    await user.type(
      screen.getByLabelText('Logo URL (optional)'),
      'https://harbor.example/logo.png',
    );
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        experienceLevel: 'mid',
        companyWebsite: 'https://harbor.example',
        logoUrl: 'https://harbor.example/logo.png',
      }),
    );
  });

  it('an admin makes a remote job hybrid within three states, and the form sends it (issue 47)', async () => {
    const onSave = renderForm({ workplaceType: 'remote', remotePlaces: 'US' });
    const user = userEvent.setup();
    const workplace = screen.getByRole('radiogroup', { name: WORKPLACE_TEXTS.field });
    expect(within(workplace).getByRole('radio', { name: 'Remote' })).toBeChecked();
    expect(screen.getByLabelText(WORKPLACE_TEXTS.places)).toHaveValue('US');
    await user.click(within(workplace).getByRole('radio', { name: 'Hybrid' }));
    await user.clear(screen.getByLabelText(WORKPLACE_TEXTS.places));
    await user.type(screen.getByLabelText(WORKPLACE_TEXTS.places), 'MD, VA, DC');
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ workplaceType: 'hybrid', remotePlaces: 'MD, VA, DC' }),
    );
    expect(
      validateJob({ ...VALID, workplaceType: 'on_site', remotePlaces: 'US' }).remotePlaces,
    ).toBe(WORKPLACE_MESSAGES.placesOnSite);
  });

  it('refuses to save without a location: toast and inline message', async () => {
    const onSave = renderForm({ locations: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(useToastStore.getState().toasts[0]?.title).toBe('Please add at least one location');
    expect(screen.getByText('At least one location is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('how candidates apply, in the admin job form (issue 42)', () => {
  const LABELS = APPLY_FIELD_LABELS;

  it('offers a job no employer submitted a link or a relayed address, never the board\u2019s form', async () => {
    const onSave = renderForm();
    const user = userEvent.setup();
    const ways = screen.getByRole('radiogroup', { name: LABELS.method });
    expect(
      within(ways)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent?.trim()),
    ).toEqual([APPLY_METHOD_LABELS.link, APPLY_METHOD_LABELS.email]);
    await user.click(within(ways).getByRole('radio', { name: APPLY_METHOD_LABELS.email }));
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).not.toHaveBeenCalled();
    const address = screen.getByLabelText(new RegExp(LABELS.applicationEmail));
    expect(address).toHaveAccessibleDescription(
      expect.stringContaining(APPLY_FIELD_MESSAGES.applicationEmail),
    );
    await user.type(address, 'jobs@harborhealth.example');
    await user.type(screen.getByLabelText(LABELS.howToApply), 'Include a writing sample.');
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        applyMethod: 'email',
        applicationEmail: 'jobs@harborhealth.example',
        howToApply: 'Include a writing sample.',
      }),
    );
  });

  it('lets an employer\u2019s listing take applications on the board, with a question added', async () => {
    const onSave = renderForm({}, undefined, true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: APPLY_METHOD_LABELS.form }));
    // The link's field leaves with the link.
    expect(screen.queryByLabelText(/Application URL/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: LABELS.addQuestion }));
    const question = screen.getByRole('region', { name: LABELS.question(1) });
    await user.selectOptions(within(question).getByLabelText(LABELS.questionKind), 'yesNo');
    await user.type(
      within(question).getByLabelText(`${LABELS.question(1)}: ${LABELS.questionLabel}`),
      'Can you work in Portland?',
    );
    await user.click(within(question).getByLabelText(LABELS.questionRequired));
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        applyMethod: 'form',
        screeningQuestions: [
          expect.objectContaining({
            kind: 'yesNo',
            label: 'Can you work in Portland?',
            required: true,
          }),
        ],
      }),
    );
  });
});

describe('the admin job form\u2019s pay (docs/product.md#pay)', () => {
  it('edits an hourly pay with cents, its currency and benefits, and sends the fields as typed', async () => {
    const onSave = renderForm({ salaryMin: '', salaryMax: '' });
    const user = userEvent.setup();
    const pay = screen.getByRole('group', { name: PAY.legend });
    await user.type(within(pay).getByLabelText(PAY.min), '27.50');
    await user.type(within(pay).getByLabelText(PAY.max), '32');
    await user.selectOptions(within(pay).getByLabelText(PAY.period), 'Per hour');
    await user.selectOptions(within(pay).getByLabelText(PAY.currency), 'CAD');
    await user.type(within(pay).getByLabelText(PAY.benefits), 'Health and dental; 4 weeks off');
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const sent = onSave.mock.calls[0]![0] as Record<string, unknown>;
    expect(sent).toMatchObject({
      salaryMin: '27.50',
      salaryMax: '32',
      salaryPeriod: 'hour',
      salaryCurrency: 'CAD',
      benefitsSummary: 'Health and dental; 4 weeks off',
      salaryText: '',
    });
  });

  it('shows the contract\u2019s messages at the pay fields, and saves once they are put right', async () => {
    const onSave = renderForm({ salaryMin: '', salaryMax: '' });
    const user = userEvent.setup();
    const min = screen.getByLabelText(PAY.min);
    const max = screen.getByLabelText(PAY.max);
    await user.type(min, '40');
    await user.type(max, '30');
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(max).toHaveAccessibleDescription(PAY_MESSAGES.order);

    // A year's figures, then the period says they are an hour's: over the hourly ceiling.
    await user.clear(max);
    await user.type(max, '5000');
    await user.selectOptions(screen.getByLabelText(PAY.period), 'Per hour');
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(max).toHaveAccessibleDescription(PAY_MESSAGES.tooLarge('hour'));

    await user.clear(max);
    await user.type(max, '45');
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(max).not.toHaveAccessibleDescription();
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ salaryMin: '40', salaryMax: '45', salaryPeriod: 'hour' }),
    );
  });

  it('sends an emptied figure and benefits line as none, and the pay in words as written', async () => {
    const onSave = renderForm({ benefitsSummary: 'Dental' });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(PAY.min));
    await user.clear(screen.getByLabelText(PAY.max));
    await user.clear(screen.getByLabelText(PAY.benefits));
    await user.type(screen.getByLabelText(PAY.text), 'Competitive');
    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        salaryMin: '',
        salaryMax: '',
        benefitsSummary: '',
        salaryText: 'Competitive',
      }),
    );
  });

  it('offers the board\u2019s currency first, and leaves it blank (the board\u2019s) unless another is chosen', async () => {
    const onSave = renderForm({}, { currency: 'CAD' });
    const currency = screen.getByLabelText(PAY.currency);
    expect(within(currency).getByRole('option', { selected: true })).toHaveTextContent('CAD');
    expect(within(currency).getAllByRole('option')[1]).toHaveTextContent('CAD');
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ salaryCurrency: '' }));
  });
});
