import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { BOOT_CONFIG_ELEMENT_ID, type BootConfig } from '@jobboard/contract/site';
import { apiFetch } from '@jobboard/shared-ui';

/**
 * The site configuration and the remotes' locations. In production the server inlines both in the
 * page (no extra round trip); under the dev server they are fetched.
 */
export async function readBootConfig(): Promise<BootConfig> {
  const inline = document.getElementById(BOOT_CONFIG_ELEMENT_ID)?.textContent;
  if (inline) return JSON.parse(inline) as BootConfig;
  const [site, remotes] = await Promise.all([
    apiFetch(ENDPOINTS.site),
    apiFetch(ENDPOINTS.remotes),
  ]);
  return { site, remotes };
}
