import { apiFetch } from '@jobboard/shared-ui';

export const deleteJob = (id: string) =>
  apiFetch<{ message: string }>(`/api/admin/jobs/${encodeURIComponent(id)}`, { method: 'DELETE' });
