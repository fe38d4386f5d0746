import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The hash each remote's entry was pinned by at promote, for the build this page registered. */
const pins = new Map<string, string>();

/**
 * Pin the entry of the build of `remote` this page registers (or forget the pin: a build promoted
 * before entries were pinned). Called before the remote is registered with the runtime.
 */
export function pinEntry(remote: string, integrity: string | undefined): void {
  if (integrity) pins.set(remote, integrity);
  else pins.delete(remote);
}

/**
 * The remote entry types the runtime loads without a `<script>` element: `import()` for ES
 * modules, `System.import` for SystemJS (runtime-core's loadEntryDom); every other type it loads
 * with one.
 */
const IMPORTED_TYPES = new Set(['esm', 'module', 'system']);

/**
 * The runtime plugin that makes the browser check a remote's entry before it runs (issue 43,
 * finding 4). The federation runtime creates the entry's `<script>` element through its
 * `createScript` hook (`@module-federation/runtime-core`, utils/load.ts); for a pinned remote
 * this plugin creates it with `integrity` (the hash recorded at promote) and
 * `crossorigin="anonymous"` (Subresource Integrity needs a CORS answer from another origin), so a
 * file changed since it was promoted fails to load, before any of it runs, and the remote's area
 * shows its "unavailable" panel. The hook is also asked for the chunks the runtime preloads; only
 * the entry itself (the URL the runtime resolved it to) is given the pin.
 *
 * The manifest says how its entry is loaded: a pinned remote whose manifest asks for an ES module
 * or SystemJS entry (loaded by `import()`, where no element carries the hash) is refused rather
 * than run unchecked.
 *
 * The entry carries the hashes of its own chunks (a remote is built with Subresource Integrity:
 * shared-ui/build-config), and loads each with its hash: the pin covers every file of the remote's
 * code, through its entry. So the runtime must not run a pinned remote's chunks itself, as it
 * does when it preloads the page's chunks that its manifest lists (runtime-core's snapshot
 * plugin, as `<script>` elements without a hash): that preload is left out for a pinned remote,
 * and its entry loads them (the server's preload hints have them downloading already).
 */
export function entryIntegrityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'jobboard-entry-integrity',
    createScript({ url, remoteInfo }) {
      const integrity = remoteInfo && pins.get(remoteInfo.name);
      if (!integrity || url !== remoteInfo.entry) return undefined;
      const script = document.createElement('script');
      script.src = url;
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      return script;
    },
    beforePreloadRemote({ preloadOps }) {
      for (let i = preloadOps.length - 1; i >= 0; i -= 1) {
        if (pins.has(preloadOps[i]!.nameOrAlias)) preloadOps.splice(i, 1);
      }
    },
    loadEntry({ remoteInfo }) {
      if (pins.has(remoteInfo.name) && IMPORTED_TYPES.has(remoteInfo.type)) {
        throw new Error(
          `${remoteInfo.name}'s manifest asks for a "${remoteInfo.type}" entry, which cannot be checked against its pin: not loaded`,
        );
      }
      return undefined;
    },
  };
}
