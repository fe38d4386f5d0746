import {
  BOOT_CONFIG_ELEMENT_ID,
  type BootConfig,
  type RemoteLocation,
} from '@jobboard/contract/site';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { pinEntry } from '../federation/integrity';

/** The remotes registered before the shell started, by name, with the entry registered. */
const early = new Map<string, string>();

/**
 * Runs before the async boundary (index.ts), while no shared singleton has been picked yet: the
 * remotes whose picked build carries a newer copy of a singleton than the shell (the server marks
 * them `sharesFirst`: a board built against a later shared-ui minor) are registered now, so the
 * federation runtime (`version-first` in the shell) sees their copies and gives the whole page the
 * highest one (docs/frontend-delivery.md#shared-singletons). Usually there are none, and nothing
 * is loaded early. Only the page's inline configuration is read: under the dev servers there is
 * none and every remote is registered when first needed.
 */
export function registerRemotesThatShareFirst(): void {
  const inline = document.getElementById(BOOT_CONFIG_ELEMENT_ID)?.textContent;
  if (!inline) return;
  const { remotes } = JSON.parse(inline) as Pick<BootConfig, 'remotes'>;
  const entries = Object.entries(remotes)
    .filter(([, location]) => location.sharesFirst)
    .map(([name, location]) => ({ name, ...pickedBuild(location) }))
    // The server marks only builds in the site's own folders; anything else waits for the
    // load-time check (release-check.ts), which judges where a remote may come from.
    .filter(({ entry }) => new URL(entry, window.location.href).origin === window.location.origin);
  for (const { name, entry, integrity } of entries) {
    early.set(name, entry);
    pinEntry(name, integrity);
  }
  if (entries.length) registerRemotes(entries.map(({ name, entry }) => ({ name, entry })));
}

/** Whether this remote was already registered with this entry before the shell started. */
export const registeredEarly = (name: string, entry: string) => early.get(name) === entry;

/** The manifest of the build the server picked (the live one, or the fallback it chose), and its pin. */
function pickedBuild(location: RemoteLocation): { entry: string; integrity?: string } {
  return location.fallbacks?.find((build) => build.version === location.picked) ?? location;
}
