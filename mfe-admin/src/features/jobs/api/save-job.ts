import type { AdminJob, AdminJobForm } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';

export const createJob = (form: AdminJobForm) =>
  apiFetch<AdminJob>('/api/admin/jobs', { method: 'POST', body: form });

export const updateJob = (id: string, form: AdminJobForm) =>
  apiFetch<AdminJob>(`/api/admin/jobs/${encodeURIComponent(id)}`, { method: 'PUT', body: form });
