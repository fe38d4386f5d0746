import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { LEGACY_ROUTES } from '@jobboard/contract/site';
import { fakeReleases, GOOD_REMOTES, releaseJson } from '../support/releases';

/** The board's routes as a release built with the organisation page declares them (issue 47). */
export const BOARD_ROUTES = [
  ...LEGACY_ROUTES.mfe_board,
  {
    path: '/organizations/:slug',
    module: './OrganizationPage',
    serverRendered: true,
    title: '{board}',
  },
];

/** A releases folder (fakeReleases) whose board declares the organisation page: its path. */
export function organizationPageReleases(): string {
  const releases = fakeReleases();
  writeFileSync(
    path.join(releases, 'mfe-board', GOOD_REMOTES.mfe_board, 'release.json'),
    releaseJson('mfe_board', GOOD_REMOTES.mfe_board, BOARD_ROUTES),
  );
  return releases;
}
