// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { appPages } from '../routes';
import { describeRelease, endpointsIn } from './collect';
import { parseReleaseManifest } from './manifest';

const REPO = path.resolve(import.meta.dirname, '..', '..', '..', '..');

describe('endpointsIn', () => {
  it('finds ENDPOINTS.<name> and ENDPOINTS[<literal>], not in comments', () => {
    const code = [
      "import { ENDPOINTS } from '@jobboard/contract/endpoints';",
      '// apiFetch(ENDPOINTS.commented)',
      '/* ENDPOINTS.alsoCommented */',
      "const url = 'https://example.org/x'; apiFetch(ENDPOINTS.job, { params: { id } });",
      "useSWR(endpointKey(ENDPOINTS\n  .searchJobs), () => apiFetch(ENDPOINTS['site']));",
    ].join('\n');
    expect(endpointsIn('x.ts', code)).toEqual(['job', 'searchJobs', 'site']);
  });

  it('refuses an endpoint picked at run time, naming the file', () => {
    expect(() => endpointsIn('src/lookups.ts', 'const e = ENDPOINTS[kind];')).toThrow(
      'src/lookups.ts: ENDPOINTS[kind] picks an endpoint at run time, so the release cannot list what it calls.',
    );
  });
});

describe('describeRelease', () => {
  const root = path.join(REPO, 'mfe-board');
  const routes = [
    { path: '/', module: './BoardPage', serverRendered: true, title: '{board}' },
    { path: '/job-list', module: './RecentJobsPage', serverRendered: true, title: 'Recent' },
  ] as const;
  const manifest = describeRelease(
    'mfe_board',
    root,
    '1.0.0-test',
    appPages('mfe_board', root, routes, ['./AlertsPage']),
  );
  const installed = (name: string) =>
    JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

  it('is a valid release.json', () => {
    expect(parseReleaseManifest(JSON.stringify(manifest))).toEqual({ ok: true, manifest });
  });

  it('provides the installed singletons and shared-ui at its version, and its pages', () => {
    const sharedUi = JSON.parse(
      readFileSync(path.join(REPO, 'shared-ui', 'kit', 'package.json'), 'utf8'),
    );
    expect(manifest.provides.shared).toMatchObject({
      react: installed('react'),
      'react/jsx-runtime': installed('react'),
      'styled-components': installed('styled-components'),
      '@jobboard/shared-ui': sharedUi.version,
      '@jobboard/shared-ui/router': sharedUi.version,
    });
    expect(manifest.provides.exposes).toEqual(['./BoardPage', './RecentJobsPage', './AlertsPage']);
    expect(manifest.provides.routes).toEqual(routes);
  });

  it('requires the ranges of its package.json, the contract and the endpoints it calls', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const contract = JSON.parse(
      readFileSync(path.join(REPO, 'api', 'contract', 'package.json'), 'utf8'),
    );
    expect(manifest.requires.shared.react).toBe(pkg.dependencies.react);
    expect(manifest.requires.contract).toBe(`^${contract.version}`);
    const { endpoints } = manifest.requires;
    // Its own calls, and shared-ui's (the member menu's memberMe) it imports.
    expect(endpoints).toEqual(expect.arrayContaining(['searchJobs', 'job', 'memberMe']));
    expect(endpoints).toEqual([...new Set(endpoints)].sort());
    // Only endpoints of the table; none from its tests (BoardPage.test's fixtures).
    for (const name of endpoints) expect(Object.keys(ENDPOINTS)).toContain(name);
    expect(endpoints).not.toContain('adminJobs');
  });
});
