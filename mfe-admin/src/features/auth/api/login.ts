import type { AdminLogin } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';

export const login = (credentials: AdminLogin) =>
  apiFetch<{ username: string }>('/api/admin/login', { method: 'POST', body: credentials });
