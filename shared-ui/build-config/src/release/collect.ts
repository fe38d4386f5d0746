import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AppName } from '@jobboard/contract/site';
import { sharedModules, sharedUiDir } from '../federation';
import type { AppPages } from '../routes';
import { SHARED_UI_SINGLETONS, SINGLETONS } from '../shared-modules';
import type { ReleaseManifest } from './manifest';
import { MESSAGES } from './messages';

/**
 * The release.json of a build of `name` (the app in folder `root`) as version `version`: what it
 * was built with, the pages it exposes and the routes it declares (`pages`, see routes.ts), and
 * what it needs (manifest.ts). Read when the build is done, from the installed packages and the
 * app's source.
 */
export function describeRelease(
  name: AppName,
  root: string,
  version: string,
  pages: Pick<AppPages, 'routes' | 'exposes'>,
): ReleaseManifest {
  const required = sharedModules(root);
  const contract = readJson(
    path.join(root, 'node_modules', '@jobboard', 'contract', 'package.json'),
  );
  return {
    app: name,
    version,
    commit: gitCommit(root),
    builtAt: new Date().toISOString(),
    provides: {
      shared: providedSingletons(root),
      exposes: Object.keys(pages.exposes),
      // This build's shell registers the remotes that carry a newer copy before it starts
      // (shell/src/boot/shares-first.ts), so the page shares the highest copy.
      ...(name === 'shell' ? { sharesHighest: true as const } : { routes: pages.routes }),
    },
    requires: {
      shared: Object.fromEntries(
        Object.entries(required).map(([request, { requiredVersion }]) => [
          request,
          requiredVersion,
        ]),
      ),
      contract: `^${contract.version}`,
      endpoints: endpointsCalled(root),
    },
  };
}

/**
 * The exact version of each shared singleton the app is built with: the package installed in
 * its node_modules ('react/jsx-runtime' is react's), and shared-ui's own version for its entries.
 */
export function providedSingletons(root: string): Record<string, string> {
  const provided: Record<string, string> = {};
  for (const request of SINGLETONS) {
    const packageName = request.split('/')[0]!;
    provided[request] = readJson(
      path.join(root, 'node_modules', packageName, 'package.json'),
    ).version;
  }
  const sharedUi = readJson(path.join(sharedUiDir(root), 'package.json')).version;
  for (const entry of SHARED_UI_SINGLETONS) provided[entry] = sharedUi;
  return provided;
}

function gitCommit(cwd: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * The contract endpoints the app calls: every `ENDPOINTS.<name>` (and `ENDPOINTS['<name>']`) in
 * its `src/` and in the shared-ui source its `src/` imports, tests left out, comments ignored.
 * Every call goes through `apiFetch(ENDPOINTS.x, ...)` (the lint allows no other), so this finds
 * them all, except an endpoint picked at run time (`ENDPOINTS[kind]`): that is refused, naming
 * the file, since the release could not say what it calls.
 */
export function endpointsCalled(root: string): string[] {
  const files = [...sourceFiles(path.join(root, 'src'))];
  files.push(...sharedUiFilesImported(files, sharedUiDir(root)));
  const names = new Set<string>();
  for (const file of files) {
    for (const name of endpointsIn(file, readFileSync(file, 'utf8'))) names.add(name);
  }
  return [...names].sort();
}

/** The endpoint names one file's code names (exported for the tests). */
export function endpointsIn(file: string, text: string): string[] {
  const code = withoutComments(text);
  const names = [
    ...[...code.matchAll(/\bENDPOINTS\s*\.\s*([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!),
    ...[...code.matchAll(/\bENDPOINTS\s*\[\s*(['"])([\w$]+)\1\s*\]/g)].map((m) => m[2]!),
  ];
  const computed = /\bENDPOINTS\s*\[\s*(?!(['"])[\w$]+\1\s*\])([^\]\n]*)\]/.exec(code);
  if (computed) throw new Error(MESSAGES.computedEndpoint(file, computed[0]));
  return names;
}

/** Block and line comments removed (a `//` inside a string such as a URL is kept). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, (_match, before: string) => before);
}

const isTestPath = (file: string) =>
  /(^|[\\/])(__tests__|test-support)([\\/]|$)/.test(file) ||
  /\.test\.tsx?$/.test(file) ||
  /test-setup\.ts$/.test(file);

function* sourceFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (isTestPath(file)) continue;
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) yield file;
  }
}

/**
 * The specifiers of the code a file imports: `import ... from '<x>'`, `export ... from '<x>'`,
 * `import '<x>'`, `import('<x>')`; not `import type` / `export type`, which bring no code.
 */
function importsOf(text: string): string[] {
  const code = withoutComments(text);
  const statics = [
    ...code.matchAll(
      /(?:^|[;}\n])\s*(import|export)\s+(type\s+)?(?:[^;'"]*?\bfrom\s*)?(['"])([^'"]+)\3/g,
    ),
  ]
    .filter((m) => !m[2])
    .map((m) => m[4]!);
  const dynamic = [...code.matchAll(/\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g)].map((m) => m[2]!);
  return [...statics, ...dynamic];
}

/**
 * The shared-ui files the app's files reach: the entries they import (`@jobboard/shared-ui`,
 * `@jobboard/shared-ui/router`... by shared-ui's package.json exports), then the files those
 * import, relative import by relative import, within the kit's `src/` (the kit installed in the
 * app's node_modules: shared-ui/kit).
 */
function sharedUiFilesImported(appFiles: string[], sharedUi: string): string[] {
  const sharedUiSrc = path.join(sharedUi, 'src') + path.sep;
  const exportsMap: Record<string, string> = readJson(path.join(sharedUi, 'package.json')).exports;
  const queue: string[] = [];
  for (const file of appFiles) {
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const match = /^@jobboard\/shared-ui(\/.+)?$/.exec(specifier);
      if (!match) continue;
      const target = exportsMap[`.${match[1] ?? ''}`];
      const file = target && resolveSource(path.join(sharedUi, target));
      if (file) queue.push(file);
    }
  }
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || isTestPath(file) || !file.startsWith(sharedUiSrc)) continue;
    seen.add(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const resolved = resolveSource(path.resolve(path.dirname(file), specifier));
      if (resolved) queue.push(resolved);
    }
  }
  return [...seen];
}

function resolveSource(base: string): string | undefined {
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

function readJson(file: string) {
  return JSON.parse(readFileSync(file, 'utf8'));
}
