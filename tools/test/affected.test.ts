import { describe, expect, it } from 'vitest';
import { apiTestFolderOf, selectTests, workspaceGraph, type ModuleGraph } from './affected';

/** A small workspace: two slices, the platform, a contract module and a front end. */
const GRAPH: ModuleGraph = new Map([
  ['api/src/app.ts', ['api/src/platform/http/endpoint-route.ts']],
  ['api/src/platform/http/endpoint-route.ts', []],
  ['api/src/jobs/index.ts', ['api/src/jobs/listing-end.ts']],
  ['api/src/jobs/listing-end.ts', ['api/contract/src/dates.ts']],
  ['api/src/jobs/routes/api/jobs.ts', ['api/src/jobs/listing-end.ts']],
  ['api/src/renewals/eligibility.ts', ['api/src/jobs/index.ts']],
  ['api/src/alerts/alerts-service.ts', ['api/contract/src/dates.ts']],
  ['api/contract/src/dates.ts', []],
  ['api/test/support/test-app.ts', ['api/src/app.ts']],
  ['api/test/support/source-files.ts', []],
  ['api/test/jobs/deadlines.test.ts', ['api/test/support/test-app.ts']],
  ['api/test/renewals/renewals.test.ts', ['api/test/support/test-app.ts']],
  ['api/test/alerts/alerts.test.ts', ['api/test/support/test-app.ts']],
  ['api/test/platform/db/table-owners.test.ts', ['api/test/support/source-files.ts']],
  ['mfe-board/src/lib/dates.ts', ['api/contract/src/dates.ts']],
  ['mfe-board/src/__tests__/dates.test.ts', ['mfe-board/src/lib/dates.ts']],
  ['mfe-admin/src/__tests__/page.test.tsx', []],
  ['tools/one-home/pay.test.ts', []],
]);
const TESTS = {
  unit: [
    'mfe-board/src/__tests__/dates.test.ts',
    'mfe-admin/src/__tests__/page.test.tsx',
    'tools/one-home/pay.test.ts',
  ],
  api: [
    'api/test/jobs/deadlines.test.ts',
    'api/test/renewals/renewals.test.ts',
    'api/test/alerts/alerts.test.ts',
    'api/test/platform/db/table-owners.test.ts',
  ],
};

const select = (changed: string[], deleted: string[] = []) =>
  selectTests(changed, deleted, GRAPH, TESTS);

describe('the tests a change can affect', () => {
  it("runs a slice's tests, those of the slices that import it, and the tests that read the files", () => {
    expect(select(['api/src/jobs/listing-end.ts'])).toEqual({
      all: false,
      changed: ['api/src/jobs/listing-end.ts'],
      unit: ['tools/one-home/pay.test.ts'],
      api: [
        'api/test/jobs/deadlines.test.ts',
        'api/test/renewals/renewals.test.ts',
        'api/test/platform/db/table-owners.test.ts',
      ],
    });
  });

  it('finds a route file no module imports by its folder (autoload loads it)', () => {
    const selection = select(['api/src/jobs/routes/api/jobs.ts']);
    expect(selection.all === false && selection.api).toContain('api/test/jobs/deadlines.test.ts');
    expect(selection.all === false && selection.api).not.toContain(
      'api/test/renewals/renewals.test.ts',
    );
  });

  it('follows a contract module into the API and the front ends that import it', () => {
    const selection = select(['api/contract/src/dates.ts']);
    expect(selection.all === false && selection.unit).toEqual([
      'mfe-board/src/__tests__/dates.test.ts',
      'tools/one-home/pay.test.ts',
    ]);
    expect(selection.all === false && selection.api).toContain('api/test/alerts/alerts.test.ts');
  });

  it('runs every API test after a change to the platform, which the app imports', () => {
    const selection = select(['api/src/platform/http/endpoint-route.ts']);
    expect(selection.all === false && selection.api).toEqual(TESTS.api);
  });

  it('runs a changed test file, and beside it only the tests that read every file', () => {
    expect(select(['mfe-admin/src/__tests__/page.test.tsx'])).toMatchObject({
      unit: ['mfe-admin/src/__tests__/page.test.tsx', 'tools/one-home/pay.test.ts'],
      api: [],
    });
  });

  it("runs the limit on a file's length after a change to any module, the bench's too", () => {
    const tests = { unit: ['tools/one-home/file-size.test.ts'], api: [] };
    const graph: ModuleGraph = new Map([['tools/one-home/file-size.test.ts', []]]);
    expect(selectTests(['bench/src/data/generate-jobs.ts'], [], graph, tests)).toMatchObject({
      unit: ['tools/one-home/file-size.test.ts'],
    });
  });

  it('runs everything after a change it cannot follow', () => {
    expect(select(['pnpm-lock.yaml'])).toEqual({
      all: true,
      why: 'pnpm-lock.yaml is not a module',
    });
    expect(select(['api/migrations/20991231000100_x.ts']).all).toBe(true);
    expect(select([], ['api/src/jobs/archive.ts']).all).toBe(true);
  });

  it('mirrors api/src in api/test', () => {
    expect(apiTestFolderOf('api/src/jobs/search/job-search.ts')).toBe('api/test/jobs/');
    expect(apiTestFolderOf('api/src/platform/http/csrf.ts')).toBe('api/test/platform/http/');
    expect(apiTestFolderOf('api/src/platform/config.ts')).toBe('api/test/platform/');
    expect(apiTestFolderOf('api/src/app.ts')).toBeUndefined();
  });

  it("reads the workspace's graph: a face's value exports, not its type exports", () => {
    const graph = workspaceGraph([
      'api/src/jobs/index.ts',
      'api/src/jobs/listing-end.ts',
      'api/src/jobs/jobs-service.ts',
    ]);
    expect(graph.get('api/src/jobs/index.ts')).toContain('api/src/jobs/listing-end.ts');
    expect(graph.get('api/src/jobs/index.ts')).not.toContain('api/src/jobs/jobs-service.ts');
  });
});
