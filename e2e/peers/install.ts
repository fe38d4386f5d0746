import { GHOST_PEERS, installGhost } from './ghost/install';

/**
 * Installs the real peers of the interop suite from the npm registry into the peers cache
 * (cache.ts): each pinned Ghost release and what it runs with. Run before the e2e suite by
 * e2e's `test` script; a cached install is used as it is. Several minutes the first time.
 */
for (const peer of GHOST_PEERS) {
  const { dir, nodeBin } = await installGhost(peer);
  console.log(`peers: ${peer.label} ${peer.version} ready in ${dir} (node: ${nodeBin})`);
}
