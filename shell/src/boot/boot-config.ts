import { BOOT_CONFIG_ELEMENT_ID, type BootConfig } from '@jobboard/contract/site';

/**
 * The site configuration, the remotes' locations and their routes. In production the server
 * inlines them in the page (no extra round trip); under the dev server they are fetched (the
 * shell's dev server answers /remotes.json and /routes.json from the remotes' dev servers).
 */
export async function readBootConfig(): Promise<BootConfig> {
  const inline = document.getElementById(BOOT_CONFIG_ELEMENT_ID)?.textContent;
  if (inline) return JSON.parse(inline) as BootConfig;
  // Loaded here, not imported above: the endpoint table and the kit are each evaluated in a task
  // of their own (bootstrap.ts), not with the start-up's first one.
  const [{ ENDPOINTS }, { apiFetch }] = await Promise.all([
    import('@jobboard/contract/endpoints'),
    import('@jobboard/shared-ui'),
  ]);
  const [site, remotes, routes] = await Promise.all([
    apiFetch(ENDPOINTS.site),
    apiFetch(ENDPOINTS.remotes),
    apiFetch(ENDPOINTS.routes),
  ]);
  return { site, remotes, routes };
}
