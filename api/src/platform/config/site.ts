/**
 * The publication (platform/config.ts): its names, addresses and links, the board's currency,
 * member sign-in through Ghost, and where the front-end builds are.
 */
import path from 'node:path';
import { DEFAULT_CURRENCY } from '@jobboard/contract/jobs';
import type { SiteConfig } from '@jobboard/contract/site';
import {
  parseCurrency,
  parseEmail,
  parseGhostAdminKey,
  parseGhostUrl,
  parseHttpUrl,
  parseTimeout,
} from '../config-values';
import type { GhostAdminKey } from '../config-values';
import { CODE_DIR } from '../layout';
import type { Read } from './env';

export interface GhostConfig {
  /** The Ghost site's address, without a trailing slash (GHOST_URL). */
  url: string;
  /** GHOST_TIMEOUT_SECONDS: how long fetching the site's member keys may take. */
  timeoutSeconds: number;
  /**
   * GHOST_ADMIN_API_KEY: the Admin API key of a custom integration of this site, with which the
   * board makes the newsletter's draft posts (newsletter/ghost-admin.ts); null when not set. Never
   * logged, never sent to a browser (the admin page says whether it is set).
   */
  adminKey: GhostAdminKey | null;
}

/** What GHOST_ADMIN_API_KEY needs beside it (read with the other problems). */
export const GHOST_ADMIN_KEY_NEEDS_URL =
  'GHOST_ADMIN_API_KEY is set but GHOST_URL is not: give the address of the Ghost site the key belongs to';

/**
 * Where the repository is: the default place of the front-end builds. Two levels up from the
 * API's code, api/src/ or, the same depth, the production bundle's api/dist/.
 */
const REPO_ROOT = path.resolve(CODE_DIR, '..', '..');

/** The publication's settings (Config's fields of the same names). */
export function readSite(read: Read, problems: string[]) {
  const text = (name: string, fallback: string) => read(name, (v) => v, fallback);
  const boardCurrency = read('BOARD_CURRENCY', parseCurrency, DEFAULT_CURRENCY);
  const site: SiteConfig = {
    boardName: text('BOARD_NAME', 'Nonprofit Comms Jobs'),
    providerName: text('PROVIDER_NAME', 'The Commons Dispatch'),
    contactEmail: read('CONTACT_EMAIL', parseEmail, 'hello@example.org'),
    jobsEmail: read('JOBS_EMAIL', parseEmail, 'jobs@example.org'),
    socialUrl: read('SOCIAL_URL', parseHttpUrl, 'https://bsky.app/profile/example.org'),
    socialLabel: text('SOCIAL_LABEL', 'Follow us on Bluesky'),
    resourcesUrl: read('RESOURCES_URL', parseHttpUrl, 'https://example.org/resources'),
    subscribeUrl: read('SUBSCRIBE_URL', parseHttpUrl, 'https://example.org/subscribe'),
    membershipName: text('MEMBERSHIP_NAME', 'Ghost'),
    currency: boardCurrency,
  };
  const ghostUrl = read('GHOST_URL', parseGhostUrl, '');
  const adminKey = read('GHOST_ADMIN_API_KEY', parseGhostAdminKey, null as GhostAdminKey | null);
  if (adminKey && !ghostUrl) problems.push(GHOST_ADMIN_KEY_NEEDS_URL);
  const ghost: GhostConfig | null = ghostUrl
    ? { url: ghostUrl, timeoutSeconds: read('GHOST_TIMEOUT_SECONDS', parseTimeout, 5), adminKey }
    : null;
  // The shell offers 'Sign in' (the Ghost portal) only when there is a site to sign in at.
  if (ghost) site.membershipUrl = ghost.url;
  const releasesDir = path.resolve(text('RELEASES_DIR', path.join(REPO_ROOT, 'releases')));
  const remotesConfigFile = path.resolve(
    text('REMOTES_CONFIG', path.join(releasesDir, 'remotes.json')),
  );
  return { site, boardCurrency, ghost, releasesDir, remotesConfigFile };
}
