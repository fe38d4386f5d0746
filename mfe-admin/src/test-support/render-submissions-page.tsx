import { SharedUiProvider, Toaster } from '@jobboard/shared-ui';
import { MemoryRouter } from '@jobboard/shared-ui/router';
import { render } from '@jobboard/test-utils/react';
import { SWRConfig } from 'swr';
import SubmissionsPage from '../app/pages/SubmissionsPage';

/** The submissions screen at /admin/submissions, with a cache of its own and the toasts. */
export function renderSubmissionsPage() {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={['/admin/submissions']}>
          <SubmissionsPage />
        </MemoryRouter>
      </SWRConfig>
      <Toaster />
    </SharedUiProvider>,
  );
}
