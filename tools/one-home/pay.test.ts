import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AdminJobForm, AdminJobUpdate } from '@jobboard/contract/admin';
import { check } from '@jobboard/contract/common';
import { JobProposalForm } from '@jobboard/contract/employer';
import { PAY_MESSAGES, maxAmount } from '@jobboard/contract/jobs';
import { SubmissionPayload } from '@jobboard/contract/submissions';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { describe, expect, it } from 'vitest';

/**
 * Pay has one home (issue 39, docs/decisions/one-home-for-each-rule.md): api/contract/src/pay.ts
 * reads, checks, shows and compares it, and every form's struct asks it. Before, four parsers,
 * four order checks and three ceilings disagreed; this test fails if one comes back. The home is
 * one module in a few files (issue 41: no source file over 500 lines): pay.ts re-exports the
 * files of api/contract/src/pay/, and nothing else may hold a part of pay.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SOURCES = [
  'api/src',
  'api/contract/src',
  'shared-ui/kit/src',
  'shell/src',
  'mfe-board/src',
  'mfe-submit/src',
  'mfe-admin/src',
];
/** The one home: the module and the files it re-exports. */
const HOME = 'api/contract/src/pay.ts';
const HOME_FILES = 'api/contract/src/pay/';
const isHome = (file: string) => file === HOME || file.startsWith(HOME_FILES);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      return name === '__tests__' || name === 'node_modules' || name === 'testing'
        ? []
        : sourceFiles(file);
    }
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** What a parser, a check or a formatter of pay looks like outside its home. */
const ELSEWHERE: [string, RegExp][] = [
  ['a parser of salary text or figures', /\b(parseSalary|dollarFigures|salaryRangeOf|figuresOf)\b/],
  ['a number made of a salary field', /Number\([^)]*salary/i],
  ['a regular expression for dollar figures', /\/[^/\n]*\\\$\\s\*[^/\n]*\\d/],
  ['an order check of the figures', /\bsalaryOrder\b|salaryM(?:in|ax)\s*[<>]=?\s*\w*salaryM/],
  ['a ceiling of its own', /SUBMISSION_LIMITS\.salary\b|ADMIN_LIMITS\.salary\b|salaryTooLarge/],
  ['a formatter of the figures', /\bsalaryFromFigures\b/],
  ['a factor to a year', /\b2_?080\b/],
];

describe('pay has one home', () => {
  const files = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

  it('reads the whole workspace', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain(path.join(ROOT, HOME));
  });

  it('holds in the home only what pay.ts re-exports', () => {
    const home = readFileSync(path.join(ROOT, HOME), 'utf8');
    const reexported = [...home.matchAll(/^export \* from '\.\/(pay\/[\w-]+)';$/gm)].map(
      ([, file]) => `api/contract/src/${file}.ts`,
    );
    const homeFiles = files
      .map((file) => path.relative(ROOT, file))
      .filter((file) => file.startsWith(HOME_FILES));
    expect(homeFiles.length).toBeGreaterThan(0);
    expect(reexported.toSorted()).toEqual(homeFiles.toSorted());
  });

  it.each(ELSEWHERE)('no %s outside api/contract/src/pay.ts and pay/', (_, pattern) => {
    const found = files
      .filter((file) => !isHome(path.relative(ROOT, file)))
      .filter((file) => pattern.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(found).toEqual([]);
  });

  it('gives the same message on every form: the public one, the proposal and the admin', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ salaryMin: '30', salaryMax: '25', salaryPeriod: 'hour' }, 'salaryMax', PAY_MESSAGES.order],
      [
        { salaryMin: '20', salaryMax: String(maxAmount('hour') + 1), salaryPeriod: 'hour' },
        'salaryMax',
        PAY_MESSAGES.tooLarge('hour'),
      ],
      [{ salaryMin: 'thirty', salaryPeriod: 'hour' }, 'salaryMin', PAY_MESSAGES.amount],
      [{ salaryMin: '30', salaryPeriod: 'fortnight' }, 'salaryPeriod', PAY_MESSAGES.period],
    ];
    const admin = {
      title: 'Grants Writer',
      organization: 'Harbor Health',
      applicationUrl: 'https://harbor.example/jobs/1',
      category: ['Fundraising'],
      locations: ['Portland, ME'],
      jobType: 'Full-time',
      postedDate: '2026-11-20',
    };
    const proposal = {
      ...Object.fromEntries(
        Object.entries(VALID_SUBMISSION).filter(([key]) => key in JobProposalForm.schema),
      ),
      category: ['Communications'],
      responsibilities: [],
      requirements: [],
      benefits: [],
    };
    for (const [pay, field, message] of cases) {
      const results = [
        check(SubmissionPayload, { ...VALID_SUBMISSION, ...pay }),
        check(JobProposalForm, { ...proposal, ...pay }),
        check(AdminJobForm, { ...admin, ...pay }),
        check(AdminJobUpdate, pay),
      ];
      for (const [i, result] of results.entries()) {
        expect(result.ok, `${i}: ${JSON.stringify(pay)}`).toBe(false);
        expect(!result.ok && result.errors, `${i}`).toEqual({ [field]: message });
      }
    }
  });
});
