import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Each boundary of docs/architecture.md fails `pnpm lint` on a planted wrong import: the code is
 * linted with the workspace's own eslint.config.js as if it were a file at the given path (no file
 * is written). The type-aware rule is left out: TypeScript's project service only knows files on
 * disk, and it has nothing to do with imports.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const fatal = result!.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return result!.messages
    .filter((m) => m.ruleId === 'boundaries/imports')
    .map((m) => `${m.severity === 2 ? 'error' : 'warning'}: ${m.message}`);
}

const PLANTED: { rule: string; file: string; code: string; error: RegExp }[] = [
  {
    rule: 'a remote never imports another remote',
    file: 'mfe-board/src/app/Planted.tsx',
    code: "export { default } from '../../../mfe-submit/src/app/PayPage';\n",
    error: /A remote never imports another remote \(mfe-board -> mfe-submit\)/,
  },
  {
    rule: 'a remote never imports another remote, by package name either',
    file: 'mfe-admin/src/lib/planted.ts',
    code: "export { BOARD_TEXT } from 'mfe-board';\n",
    error: /A remote never imports another remote \(mfe-admin -> mfe-board\)/,
  },
  {
    rule: 'the shell imports no mfe-*',
    file: 'shell/src/layout/Planted.tsx',
    code: "export { default } from '../../../mfe-board/src/app/BoardPage';\n",
    error: /The shell imports no remote \(mfe-board\)/,
  },
  {
    rule: 'a feature never imports another feature',
    file: 'mfe-board/src/features/search/components/Planted.tsx',
    code: "export { JobCard } from '../../jobs/components/JobCard';\n",
    error: /A feature never imports another feature \(search -> jobs\)/,
  },
  {
    rule: 'the contract imports only superstruct',
    file: 'api/contract/src/planted.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    error: /The contract imports nothing but superstruct/,
  },
  {
    rule: "the contract imports semver's single functions, not the whole package",
    file: 'api/contract/src/planted.ts',
    code: "import semver from 'semver';\nexport const ok = semver.satisfies;\n",
    error: /The contract imports nothing but superstruct and semver's single functions/,
  },
  {
    rule: 'the contract imports nothing of the API',
    file: 'api/contract/src/planted.ts',
    code: "export { HttpError } from '../../src/http/http-error';\n",
    error: /The contract imports nothing but superstruct/,
  },
  {
    rule: 'packages are imported through their exports, not by path',
    file: 'e2e/support/planted.ts',
    code: "export { SmtpPeer } from '../../api/test/support/smtp-peer';\n",
    error: /reaches into @jobboard\/api: import a package by its name, through its exports/,
  },
  {
    rule: 'packages are imported through what they export',
    file: 'e2e/tests/planted.spec.ts',
    code: "export { SUBMISSION_MESSAGES } from '@jobboard/contract/src/submission';\n",
    error: /is not an export of @jobboard\/contract/,
  },
  {
    rule: "an API domain never reaches into another domain's repository",
    file: 'api/src/backoffice/planted.ts',
    code: "export type { PaymentsRepository } from '../payments/payments-repository';\n",
    error:
      /A domain never reaches into another domain's repository \(backoffice -> payments\/payments-repository\)/,
  },
  {
    rule: "an API domain never reaches into another domain's repositories folder",
    file: 'api/src/sync/planted.ts',
    code: "export { JobWriter } from '../jobs/repositories/job-writer';\n",
    error:
      /A domain never reaches into another domain's repository \(sync -> jobs\/repositories\/job-writer\)/,
  },
  {
    rule: 'a migration imports nothing of the API',
    file: 'api/migrations/20991231000100_planted.ts',
    code: "export { cleanSentences } from '../src/jobs/job-patch';\n",
    error: /A migration is history: it imports nothing of the application/,
  },
  {
    rule: 'a migration imports nothing of the contract either',
    file: 'api/migrations/20991231000100_planted.ts',
    code: "export { MAX_INT4 } from '@jobboard/contract/jobs';\n",
    error: /A migration is history: it imports nothing of the application/,
  },
];

describe('the import boundaries fail the lint', () => {
  for (const { rule, file, code, error } of PLANTED) {
    it(rule, async () => {
      const errors = await boundaryErrors(file, code);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(new RegExp(`^error: .*${error.source}`));
    });
  }

  it('lets every import within the boundaries through', async () => {
    const allowed: [string, string][] = [
      // A feature's own files, the app's shared lib, shared-ui and the contract.
      [
        'mfe-board/src/features/search/components/Planted.tsx',
        "export { SEARCH_TEXT } from '../messages';\nexport { Button } from '@jobboard/shared-ui';\nexport { APPS } from '@jobboard/contract/site';\nexport { httpUrl } from '../../../lib/urls';\n",
      ],
      // A feature's own `api` folder is not the API package.
      ['mfe-admin/src/features/jobs/components/Planted.tsx', "export * from '../api/save-job';\n"],
      // src/app composes features.
      ['mfe-board/src/app/Planted.tsx', "export * from '../features/jobs/components/JobCard';\n"],
      [
        'api/contract/src/planted.ts',
        "export { object } from 'superstruct';\nexport * from './job';\nexport { default as satisfies } from 'semver/functions/satisfies';\n",
      ],
      ['e2e/support/planted.ts', "export { SmtpPeer } from '@jobboard/api/test-support';\n"],
      // An API domain: its own repositories, another domain's service, the infrastructure.
      [
        'api/src/payments/planted.ts',
        "export { PaymentsRepository } from './payments-repository';\nexport type { JobsService } from '../jobs/jobs-service';\nexport { chunks } from '../db/chunks';\n",
      ],
      [
        'api/src/jobs/routes/api/planted.ts',
        "export { JobWriter } from '../../repositories/job-writer';\n",
      ],
      // A migration: its own folder's helpers, Node and knex.
      [
        'api/migrations/20991231000100_planted.ts',
        "import { createHash } from 'node:crypto';\nexport type { Knex } from 'knex';\nexport { isPostgres } from './migration';\nexport const hash = createHash;\n",
      ],
    ];
    for (const [file, code] of allowed) {
      expect(await boundaryErrors(file, code), file).toEqual([]);
    }
  });

  it("refuses the contract's root, naming its subpaths", async () => {
    const [result] = await eslint.lintText("export { APPS } from '@jobboard/contract';\n", {
      filePath: path.join(ROOT, 'mfe-board/src/app/Planted.tsx'),
    });
    const restricted = result!.messages.filter((m) => m.ruleId === 'no-restricted-imports');
    expect(restricted).toHaveLength(1);
    expect(restricted[0]!.message).toMatch(/The contract has no root entry/);
    for (const subpath of ['jobs', 'admin', 'site', 'endpoints', 'common', 'testing']) {
      expect(restricted[0]!.message).toContain(`@jobboard/contract/${subpath}`);
    }
  });
});
