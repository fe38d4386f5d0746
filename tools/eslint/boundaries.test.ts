import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { acyclicModuleGraph, cycleThrough } from './import-cycles.js';

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

async function lintErrors(file: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const fatal = result!.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return result!.messages
    .filter((m) => m.ruleId === rule)
    .map((m) => `${m.severity === 2 ? 'error' : 'warning'}: ${m.message}`);
}

const boundaryErrors = (file: string, code: string) => lintErrors(file, code, 'boundaries/imports');

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
    rule: 'the platform imports no slice',
    file: 'api/src/platform/http/planted.ts',
    code: "export { SecretLinks } from '../../alerts/alert-tokens';\n",
    error: /The platform knows no slice \(platform\/http\/planted.ts -> alerts\/alert-tokens\)/,
  },
  {
    rule: "the platform imports no slice, not even a slice's face or its types",
    file: 'api/src/platform/plugins/planted.ts',
    code: "export type { JobsService } from '../../jobs';\n",
    error: /The platform knows no slice \(platform\/plugins\/planted.ts -> jobs\)/,
  },
  {
    rule: "a slice never reaches into another slice's repository",
    file: 'api/src/backoffice/planted.ts',
    code: "export type { PaymentsRepository } from '../payments/payments-repository';\n",
    error:
      /A slice imports another slice only through its face \(backoffice -> payments\/payments-repository\): import '..\/payments'/,
  },
  {
    rule: "a slice never reaches into another slice's repositories folder",
    file: 'api/src/sync/planted.ts',
    code: "export { JobWriter } from '../jobs/repositories/job-writer';\n",
    error:
      /A slice imports another slice only through its face \(sync -> jobs\/repositories\/job-writer\)/,
  },
  {
    rule: "a slice imports another slice's service through its face, not from its file",
    file: 'api/src/renewals/routes/api/planted.ts',
    code: "export { hasExpired } from '../../../jobs/listing-end';\n",
    error:
      /A slice imports another slice only through its face \(renewals -> jobs\/listing-end\): import '..\/..\/..\/jobs' \(jobs\/index.ts\)/,
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
      // An API slice: its own repositories, another slice's face, the platform.
      [
        'api/src/payments/planted.ts',
        "export { PaymentsRepository } from './payments-repository';\nexport type { JobsService } from '../jobs';\nexport { chunks } from '../platform/db/chunks';\n",
      ],
      // The roots assemble the slices, and tests reach into what they test.
      ['api/src/planted.ts', "export { JobWriter } from './jobs/repositories/job-writer';\n"],
      [
        'api/test/jobs/planted.ts',
        "export { JobWriter } from '../../src/jobs/repositories/job-writer';\n",
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

  // A cycle needs the rest of the graph to close it, so each is planted in a file that exists,
  // as if its text were changed: the rule reads the planted text for that file, the disk for others.
  const CYCLES: { rule: string; file: string; code: string; cycle: string }[] = [
    {
      rule: 'two slices that need each other',
      file: 'api/src/jobs/job-patch.ts',
      code: "export { RetentionRun } from '../retention';\n",
      cycle:
        'api/src/jobs/job-patch.ts -> api/src/retention/index.ts -> api/src/retention/retention.ts -> api/src/jobs/index.ts -> api/src/jobs/job-patch.ts',
    },
    {
      rule: "a slice's file importing its own face",
      file: 'api/src/jobs/listing-end.ts',
      code: "export { payOfRow } from './index';\n",
      cycle: 'api/src/jobs/listing-end.ts -> api/src/jobs/index.ts -> api/src/jobs/listing-end.ts',
    },
    {
      rule: 'two modules of the contract',
      file: 'api/contract/src/money.ts',
      code: "export { formatPay } from './pay';\n",
      cycle:
        'api/contract/src/money.ts -> api/contract/src/pay.ts -> api/contract/src/pay/messages.ts -> api/contract/src/money.ts',
    },
  ];

  for (const { rule, file, code, cycle } of CYCLES) {
    it(`refuses an import cycle: ${rule}`, async () => {
      const errors = await lintErrors(file, code, 'boundaries/no-cycle');
      expect(errors).toEqual([
        `error: This import closes an import cycle (${cycle}): move what both need to a module of its own, or let one side hand the other what it needs.`,
      ]);
    });
  }

  it('leaves type-only imports out of cycles: they are erased at build', async () => {
    const code =
      "export type { PayOfRow } from '../payments';\nexport type { Pay } from '@jobboard/contract/jobs';\n";
    expect(await lintErrors('api/src/jobs/job-patch.ts', code, 'boundaries/no-cycle')).toEqual([]);
  });

  it('finds no cycle in the API and the contract as they are', () => {
    // The graph the rule reads, walked from every import of every module (`pnpm lint` reports
    // the same through ESLint, file by file; this is the whole of it in milliseconds).
    expect(
      [...acyclicModuleGraph()].flatMap(([file, imports]) =>
        imports.flatMap((target: string) => cycleThrough(file, target, imports) ?? []),
      ),
    ).toEqual([]);
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
