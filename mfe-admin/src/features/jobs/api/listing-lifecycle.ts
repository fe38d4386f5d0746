import type { AdminJob } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';

export const extendJob = (id: string, days: number) =>
  apiFetch<AdminJob>(`/api/admin/jobs/${encodeURIComponent(id)}/extend`, {
    method: 'POST',
    body: { days },
  });

export const republishJob = (id: string) =>
  apiFetch<AdminJob>(`/api/admin/jobs/${encodeURIComponent(id)}/republish`, { method: 'POST' });
