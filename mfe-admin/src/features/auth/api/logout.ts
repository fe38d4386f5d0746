import { apiFetch } from '@jobboard/shared-ui';

export const logout = () => apiFetch<{ message: string }>('/api/admin/logout', { method: 'POST' });
