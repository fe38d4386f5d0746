import { type AdminJob } from '@jobboard/contract/admin';
import { PAY_FIELD_LABELS, JOB_LIMITS } from '@jobboard/contract/jobs';
import { SharedUiProvider, useToastStore } from '@jobboard/shared-ui';
import { MemoryRouter, Route, Routes } from '@jobboard/shared-ui/router';
import { fakeApi } from '@jobboard/test-utils';
import { render, screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminApp from '../../../app/AdminApp';
import { JobForm, toFormValues, toPayload, type JobFormValues } from '../components/JobForm';

/**
 * The job form's lists of sentences and pay in words (issue 25), as an admin uses them: with the
 * mouse and with the keyboard alone; and the edit page, which loads every field of a job and
 * sends every field back.
 */

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
  responsibilities: ['Write proposals', 'Track deadlines'],
  requirements: [],
  benefits: ['Dental'],
  active: true,
  featured: false,
};

afterEach(() => useToastStore.setState({ toasts: [] }));

function renderForm(initial: Partial<JobFormValues> = {}, storedExperience?: string) {
  fakeApi({
    'GET /api/locations': [200, ['Boston, MA']],
    'GET /api/categories': [200, ['Fundraising']],
  });
  const onSave = vi.fn().mockResolvedValue(undefined);
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <JobForm
          initialValues={{ ...VALID, ...initial }}
          submitLabel="Update Job"
          onSave={onSave}
          storedExperience={storedExperience}
        />
      </SWRConfig>
    </SharedUiProvider>,
  );
  return onSave;
}

const entries = (legend: string) =>
  within(screen.getByRole('group', { name: legend }))
    .queryAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);

describe('the job form\u2019s lists', () => {
  it('shows each entry under its own label, and adds, edits, reorders and removes them', async () => {
    const onSave = renderForm();
    const user = userEvent.setup();
    expect(screen.getByLabelText('Responsibility 1')).toHaveValue('Write proposals');
    expect(screen.getByLabelText('Responsibility 2')).toHaveValue('Track deadlines');
    expect(within(screen.getByRole('group', { name: 'Requirements' })).getByText('None yet.'));

    await user.click(screen.getByRole('button', { name: 'Add a requirement' }));
    // The new entry has the focus: typing fills it.
    expect(screen.getByLabelText('Requirement 1')).toHaveFocus();
    await user.keyboard('Five years of grant writing');

    await user.click(screen.getByRole('button', { name: 'Move Responsibility 2 up' }));
    expect(entries('Responsibilities')).toEqual(['Track deadlines', 'Write proposals']);
    await user.click(screen.getByRole('button', { name: 'Remove Benefit 1' }));
    expect(entries('Benefits')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Move Responsibility 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Responsibility 2 down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Update Job' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        responsibilities: ['Track deadlines', 'Write proposals'],
        requirements: ['Five years of grant writing'],
        benefits: [],
      }),
    );
  });

  it('works from the keyboard alone: Enter in an entry opens the next one, buttons take Enter and Space', async () => {
    const onSave = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Responsibility 2'));
    await user.keyboard('{End} daily{Enter}');
    expect(screen.getByLabelText('Responsibility 3')).toHaveFocus();
    await user.keyboard('Report to the board');
    // Tab along the entry's buttons: up, down (disabled at the end, so skipped), remove.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Move Responsibility 3 up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(entries('Responsibilities')).toEqual([
      'Write proposals',
      'Report to the board',
      'Track deadlines daily',
    ]);
    // The only benefit: it moves neither up nor down, so Remove is the next stop.
    await user.click(screen.getByLabelText('Benefit 1'));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove Benefit 1' })).toHaveFocus();
    await user.keyboard(' ');
    expect(entries('Benefits')).toEqual([]);
    // Enter in an entry never submits the form.
    expect(onSave).not.toHaveBeenCalled();
  });

  it(`holds each list to ${JOB_LIMITS.listItems} entries, and names an entry that is too long`, async () => {
    const full = Array.from({ length: JOB_LIMITS.listItems }, (_, i) => `Perk ${i + 1}`);
    const onSave = renderForm({
      benefits: full,
      requirements: ['x'.repeat(JOB_LIMITS.listItem + 1)],
    });
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Add a benefit' })).toBeDisabled();
    expect(screen.getByText(`This list holds ${JOB_LIMITS.listItems} entries, the most it can.`));
    await user.click(screen.getByRole('button', { name: 'Update Job' }));
    expect(onSave).not.toHaveBeenCalled();
    const entry = screen.getByLabelText('Requirement 1');
    expect(entry).toHaveAttribute('aria-invalid', 'true');
    expect(entry).toHaveAccessibleDescription(
      `Please keep this under ${JOB_LIMITS.listItem} characters`,
    );
    await user.clear(entry);
    await user.type(entry, 'A driving licence');
    await user.click(screen.getByRole('button', { name: 'Update Job' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ requirements: ['A driving licence'], benefits: full }),
    );
  });

  it('edits the pay in words, and keeps a level the menu does not offer unless another is chosen', async () => {
    const onSave = renderForm({ experienceLevel: undefined }, 'Senior Manager');
    const user = userEvent.setup();
    const level = screen.getByLabelText('Experience Level');
    expect(within(level).getByRole('option', { selected: true })).toHaveTextContent(
      'Kept as stored: Senior Manager',
    );
    await user.type(screen.getByLabelText(PAY_FIELD_LABELS.text), 'DOE');
    await user.click(screen.getByRole('button', { name: 'Update Job' }));
    const sent = onSave.mock.calls[0]![0] as Record<string, unknown>;
    expect(sent.salaryText).toBe('DOE');
    expect(sent).not.toHaveProperty('experienceLevel');
  });

  it('sends back what it was given: toPayload undoes toFormValues', () => {
    const form = toPayload(VALID);
    expect(toPayload(toFormValues(form))).toEqual(form);
  });
});

const JOB: AdminJob = {
  id: '33',
  title: 'Communications Intern',
  company: {
    name: 'Clearwater Conservation Trust',
    description: 'Protects rivers.',
    websiteUrl: 'https://clearwatertrust.org',
  },
  organization: 'Clearwater Conservation Trust',
  location: 'Portland, OR',
  locations: ['Portland, OR'],
  jobType: 'Internship',
  remote: false,
  experienceLevel: 'entry',
  description: 'Share stories about river restoration with supporters and the public.',
  postedDate: '2026-11-22',
  salary: '$35,000 - $37,500 a year',
  salaryMin: 35_000,
  salaryMax: 37_500,
  pay: { min: 35_000, max: 37_500, period: 'year', currency: 'USD', benefits: 'Transit pass' },
  deadline: '2026-11-27',
  responsibilities: [
    'Draft blog posts and social media content',
    'Photograph field projects and volunteer events',
    'Help produce the fall newsletter',
  ],
  requirements: [
    'Current student or recent graduate',
    'Strong writing skills and an interest in conservation',
  ],
  benefits: ['Paid internship at an annualized rate', 'Field trip days with the land team'],
  applicationUrl: 'https://clearwatertrust.org/careers/communications-intern',
  category: ['Communications', 'Other Good Roles'],
  featured: true,
  saved: false,
  active: true,
  via: 'Idealist',
  expired: false,
  source: 'demo',
  createdAt: '2026-11-22T12:00:00.000Z',
  submissionId: null,
  adminFields: [],
  logoSource: null,
};

describe('the edit page', () => {
  it('loads every field of job 33 into the form, and an unchanged save sends every field back', async () => {
    const received = fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/jobs/33': [200, JOB],
      'PUT /api/admin/jobs/33': [200, JOB],
      'GET /api/locations': [200, ['Portland, OR']],
      'GET /api/categories': [200, ['Communications']],
      'GET /api/admin/lists/jobs': [200, { jobs: [JOB], total: 1, page: 1, pageSize: 25 }],
    });
    render(
      <SharedUiProvider>
        <SWRConfig value={{ provider: () => new Map() }}>
          <MemoryRouter initialEntries={['/admin/jobs/edit/33']}>
            <Routes>
              <Route path="/admin/*" element={<AdminApp />} />
            </Routes>
          </MemoryRouter>
        </SWRConfig>
      </SharedUiProvider>,
    );
    expect(await screen.findByLabelText('Responsibility 3')).toHaveValue(
      'Help produce the fall newsletter',
    );
    expect(entries('Requirements')).toEqual(JOB.requirements);
    expect(entries('Benefits')).toEqual(JOB.benefits);
    // The pay's figures, period, currency and benefits; no words beside figures.
    expect(screen.getByLabelText(PAY_FIELD_LABELS.min)).toHaveValue('35000');
    expect(screen.getByLabelText(PAY_FIELD_LABELS.period)).toHaveValue('year');
    expect(screen.getByLabelText(PAY_FIELD_LABELS.currency)).toHaveValue('USD');
    expect(screen.getByLabelText(PAY_FIELD_LABELS.benefits)).toHaveValue('Transit pass');
    expect(screen.getByLabelText(PAY_FIELD_LABELS.text)).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Update Job' }));
    expect(await screen.findByRole('heading', { name: 'Job Listings Admin' })).toBeInTheDocument();
    expect(received.bodies('PUT', '/api/admin/jobs/33')).toEqual([
      {
        title: JOB.title,
        organization: JOB.organization,
        applicationUrl: JOB.applicationUrl,
        // A job of an earlier release has no method: none is sent, and the others are empty.
        applicationEmail: '',
        howToApply: '',
        screeningQuestions: [],
        description: JOB.description,
        category: JOB.category,
        locations: JOB.locations,
        jobType: JOB.jobType,
        // Where it is done (issue 47): the job's, as the API answers it.
        workplaceType: 'on_site',
        remotePlaces: '',
        via: JOB.via,
        postedDate: JOB.postedDate,
        deadline: JOB.deadline,
        salaryMin: '35000',
        salaryMax: '37500',
        salaryPeriod: 'year',
        salaryCurrency: 'USD',
        benefitsSummary: 'Transit pass',
        salaryText: '',
        experienceLevel: 'entry',
        companyWebsite: JOB.company.websiteUrl,
        logoUrl: '',
        responsibilities: JOB.responsibilities,
        requirements: JOB.requirements,
        benefits: JOB.benefits,
        active: true,
        featured: true,
      },
    ]);
  });
});
