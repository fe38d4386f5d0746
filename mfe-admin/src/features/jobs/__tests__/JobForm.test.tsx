import { SharedUiProvider, useToastStore } from '@jobboard/shared-ui';
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

function renderForm(initial: Partial<JobFormValues> = {}) {
  const onSave = vi.fn().mockResolvedValue(undefined);
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <JobForm
          initialValues={{ ...VALID, ...initial }}
          submitLabel="Create Job"
          onSave={onSave}
        />
      </SWRConfig>
    </SharedUiProvider>,
  );
  return onSave;
}

describe('the admin job form', () => {
  it.each([
    [{ title: '' }, 'title', 'Required'],
    [{ applicationUrl: 'no' }, 'applicationUrl', 'Please enter a valid URL'],
    [{ category: [] }, 'category', 'Select at least one category'],
    [{ locations: [] }, 'locations', 'At least one location is required'],
    [{ postedDate: '' }, 'postedDate', 'Required'],
    [
      { salaryMin: '90000', salaryMax: '1' },
      'salaryMax',
      'Maximum salary must be at least the minimum salary',
    ],
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
      expect.objectContaining({ locations: ['Denver, CO'], salaryMin: 70000, deadline: null }),
    );
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

  it('refuses to save without a location: toast and inline message', async () => {
    const onSave = renderForm({ locations: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(useToastStore.getState().toasts[0]?.title).toBe('Please add at least one location');
    expect(screen.getByText('At least one location is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});
