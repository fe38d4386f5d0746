import { describe, expect, it } from 'vitest';
import {
  changesetPackages,
  diffLines,
  reportChanges,
  staleReports,
  versionProblem,
  type Reports,
  type VersionCheck,
} from './decide';

const report = (...lines: string[]) => `## API Report\n\n\`\`\`ts\n${lines.join('\n')}\n\`\`\`\n`;

const BASE: Reports = new Map([
  ['index', report('export function a(): void;', 'export const b: number;')],
  ['forms', report('export function field(): void;')],
]);

const check = (overrides: Partial<VersionCheck>): VersionCheck => ({
  name: '@jobboard/shared-ui',
  baseReports: BASE,
  reports: BASE,
  baseVersion: '1.1.0',
  version: '1.1.0',
  changesetPackages: new Set(),
  ...overrides,
});

describe('staleReports (a)', () => {
  it('passes reports that match the source, whatever their line endings', () => {
    const crlf: Reports = new Map(
      [...BASE].map(([entry, text]) => [entry, text.replace(/\n/g, '\r\n')]),
    );
    expect(staleReports('@jobboard/shared-ui', BASE, crlf)).toEqual([]);
  });

  it('names the package and entry of a report out of date, missing or left over', () => {
    const generated: Reports = new Map([
      ['index', report('export function a(): void;')],
      ['router', report('export function Link(): void;')],
    ]);
    expect(staleReports('@jobboard/shared-ui', generated, BASE)).toEqual([
      '@jobboard/shared-ui (index): etc/index.api.md is out of date with the source: run pnpm api:report',
      '@jobboard/shared-ui (router): etc/router.api.md is missing: run pnpm api:report',
      '@jobboard/shared-ui: etc/forms.api.md reports an entry the package no longer exports: run pnpm api:report',
    ]);
  });
});

describe('diffLines', () => {
  it('counts a replaced line as changed, the rest of its hunk as added or removed', () => {
    expect(diffLines(['a', 'b', 'c'], ['a', 'B', 'x', 'c', 'd'])).toEqual({
      added: 2,
      removed: 0,
      changed: 1,
    });
    expect(diffLines(['a', 'b', 'c', 'd'], ['a', 'd'])).toEqual({
      added: 0,
      removed: 2,
      changed: 0,
    });
    expect(diffLines(['a'], ['a'])).toEqual({ added: 0, removed: 0, changed: 0 });
  });

  it('counts a new entry as added lines and a removed one as removed lines', () => {
    const current: Reports = new Map([
      ['index', BASE.get('index')!],
      ['router', report('export function Link(): void;')],
    ]);
    // Each entry is compared with its own at the base: forms' 5 lines went, router's 5 came.
    expect(reportChanges(BASE, current)).toEqual({ added: 5, removed: 5, changed: 0 });
  });
});

describe('versionProblem (b)', () => {
  const added: Reports = new Map([
    [
      'index',
      report('export function a(): void;', 'export const b: number;', 'export const c: 1;'),
    ],
    ['forms', BASE.get('forms')!],
  ]);
  const removed: Reports = new Map([
    ['index', report('export function a(): void;')],
    ['forms', BASE.get('forms')!],
  ]);

  it('lets an unchanged API through at the same version', () => {
    expect(versionProblem(check({}))).toBeUndefined();
  });

  it('refuses an addition at the same version without a changeset, counting the lines', () => {
    expect(versionProblem(check({ reports: added }))).toBe(
      '@jobboard/shared-ui: its public API changed since the base (1 line added, 0 lines removed, 0 lines changed) but its version is still 1.1.0 and no pending changeset names it: add a changeset (pnpm changeset) or bump the version: minor for additions, major for removals',
    );
  });

  it('refuses a removal the same way', () => {
    expect(versionProblem(check({ reports: removed }))).toMatch(
      /\(0 lines added, 1 line removed, 0 lines changed\) but its version is still 1\.1\.0/,
    );
  });

  it('accepts a change with a bumped version', () => {
    expect(versionProblem(check({ reports: added, version: '1.2.0' }))).toBeUndefined();
  });

  it('accepts a change a pending changeset names, and only for that package', () => {
    const named = new Set(['@jobboard/shared-ui']);
    expect(versionProblem(check({ reports: added, changesetPackages: named }))).toBeUndefined();
    const other = new Set(['@jobboard/contract']);
    expect(versionProblem(check({ reports: added, changesetPackages: other }))).toBeDefined();
  });

  it('has nothing to compare when the base had no reports or no package', () => {
    expect(versionProblem(check({ reports: added, baseReports: null }))).toBeUndefined();
    expect(versionProblem(check({ reports: added, baseVersion: null }))).toBeUndefined();
  });
});

describe('changesetPackages', () => {
  it('reads the packages of the front matter, quoted or not', () => {
    const text = [
      '---',
      '"@jobboard/shared-ui": minor',
      "'@jobboard/contract': major",
      '@jobboard/test-utils: patch',
      '---',
      '',
      'Stack and Cluster take a `wrap` prop: a package: minor line here is no bump.',
    ].join('\n');
    expect(changesetPackages(text)).toEqual([
      '@jobboard/shared-ui',
      '@jobboard/contract',
      '@jobboard/test-utils',
    ]);
  });

  it('finds none in a file without front matter, or with an empty one', () => {
    expect(changesetPackages('# notes\n"@jobboard/shared-ui": minor\n')).toEqual([]);
    expect(changesetPackages('---\n---\n\nNothing to release.\n')).toEqual([]);
  });
});
