/**
 * One package's API reports, as API Extractor writes them: its declarations emitted by tsc into
 * `<package>/.api-report/` (git-ignored; API Extractor reads .d.ts only), then one API Extractor
 * run per entry of its package.json `exports`, configured in memory. The folder is inside the
 * package, so the .d.ts files find its dependencies in its node_modules as the source does, and
 * outside node_modules, where API Extractor would take the package's own files for a dependency's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  ExtractorMessageCategory,
  type IConfigFile,
} from '@microsoft/api-extractor';
import type { Reports } from './decide';
import { MESSAGES } from './messages';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ReportedPackage {
  name: string;
  /** Relative to the root: `shared-ui/kit`. */
  dir: string;
}

/** The packages with API reports: the runtime kit, the two tool packages and the contract. */
export const REPORTED_PACKAGES: ReportedPackage[] = [
  { name: '@jobboard/shared-ui', dir: 'shared-ui/kit' },
  { name: '@jobboard/build-config', dir: 'shared-ui/build-config' },
  { name: '@jobboard/test-utils', dir: 'shared-ui/test-utils' },
  { name: '@jobboard/contract', dir: 'api/contract' },
];

/** `.` -> `index`, `./router-server` -> `router-server`. */
export const entryName = (subpath: string) =>
  subpath === '.' ? 'index' : subpath.replace(/^\.\//, '').replace(/\//g, '-');

interface Entry {
  name: string;
  /** The declaration file API Extractor reads. */
  dts: string;
  /** The TypeScript source tsc emits it from (none for an entry that is a .d.ts or a typed .js). */
  source?: string;
}

function entriesOf(pkgDir: string, outDir: string): Entry[] {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  return Object.entries(pkg.exports as Record<string, string>).map(([subpath, target]) => {
    const file = path.join(pkgDir, target);
    const name = entryName(subpath);
    if (file.endsWith('.d.ts')) return { name, dts: file };
    // A plain JavaScript entry is typed by the .d.ts beside it (test-utils' vitest config).
    if (/\.[cm]?js$/.test(file)) return { name, dts: file.replace(/\.[cm]?js$/, '.d.ts') };
    const relative = path.relative(ROOT, file).replace(/\.tsx?$/, '.d.ts');
    return { name, source: file, dts: path.join(outDir, 'dts', relative) };
  });
}

/** The reports the package's source gives now, by entry (nothing is written into etc/). */
export function generateReports(pkg: ReportedPackage): Reports {
  const pkgDir = path.join(ROOT, pkg.dir);
  const outDir = path.join(pkgDir, '.api-report');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const entries = entriesOf(pkgDir, outDir);
  emitDeclarations(pkg, pkgDir, outDir, entries);

  const reports: Reports = new Map();
  const reportFolder = path.join(outDir, 'reports');
  mkdirSync(reportFolder, { recursive: true });
  mkdirSync(path.join(outDir, 'temp'), { recursive: true });
  for (const entry of entries) {
    const config: IConfigFile = {
      projectFolder: pkgDir,
      mainEntryPointFilePath: entry.dts,
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'bundler',
            lib: ['ES2023', 'DOM', 'DOM.Iterable'],
            jsx: 'react-jsx',
            strict: true,
            esModuleInterop: true,
            skipLibCheck: true,
            types: [],
          },
          files: [entry.dts],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.name,
        reportFolder,
        reportTempFolder: path.join(outDir, 'temp'),
        includeForgottenExports: false,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
          // Nothing here is tagged @public/@beta: every export of an entry is its API.
          'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
          // A comment is not the API: a doc change must not ask for a version bump.
          'ae-undocumented': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
          // The workspace packages are TypeScript source (the contract's .ts files are read where
          // a .d.ts would be): harmless, and the warning names the checkout's absolute path,
          // which would make the report differ from one machine to the next.
          'ae-wrong-input-file-type': {
            logLevel: ExtractorLogLevel.None,
            addToApiReportFile: false,
          },
        },
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      },
    };
    const prepared = ExtractorConfig.prepare({
      configObject: config,
      configObjectFullPath: path.join(outDir, `${entry.name}.api-extractor.json`),
      packageJsonFullPath: path.join(pkgDir, 'package.json'),
    });
    const problems: string[] = [];
    const result = Extractor.invoke(prepared, {
      localBuild: true,
      messageCallback: (message) => {
        // Its console messages say where it wrote the report: no problem of the API.
        const problem =
          message.category !== ExtractorMessageCategory.Console &&
          (message.logLevel === ExtractorLogLevel.Error ||
            message.logLevel === ExtractorLogLevel.Warning);
        if (problem) {
          problems.push(`  ${message.formatMessageWithLocation(pkgDir)}`);
        }
        message.handled = true;
      },
    });
    if (!result.succeeded || problems.length) {
      throw new Error(MESSAGES.extractorFailed(pkg.name, entry.name, problems));
    }
    reports.set(entry.name, readFileSync(path.join(reportFolder, `${entry.name}.api.md`), 'utf8'));
  }
  return reports;
}

/**
 * tsc emits the declarations of the entries' sources (and of what they import: the workspace's
 * packages are TypeScript source) with the package's own tsconfig, under one root so every path
 * between them stays what it is in the repository.
 */
function emitDeclarations(
  pkg: ReportedPackage,
  pkgDir: string,
  outDir: string,
  entries: Entry[],
): void {
  const sources = entries.flatMap((entry) => (entry.source ? [entry.source] : []));
  if (!sources.length) return;
  const tsconfig = path.join(outDir, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: path.join(pkgDir, 'tsconfig.json'),
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        incremental: false,
        outDir: path.join(outDir, 'dts'),
        rootDir: ROOT,
      },
      files: sources,
      include: [],
    }),
  );
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', tsconfig], {
    cwd: pkgDir,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(MESSAGES.emitFailed(pkg.name, `${result.stdout}${result.stderr}`.trim()));
  }
}

/** The committed reports: `<package>/etc/*.api.md`. */
export function committedReports(pkg: ReportedPackage): Reports {
  const etc = path.join(ROOT, pkg.dir, 'etc');
  const reports: Reports = new Map();
  if (!existsSync(etc)) return reports;
  for (const file of readdirSync(etc)) {
    if (file.endsWith('.api.md')) {
      reports.set(file.slice(0, -'.api.md'.length), readFileSync(path.join(etc, file), 'utf8'));
    }
  }
  return reports;
}
