/**
 * Moves every `import`/`export ... from '@jobboard/contract'` of the repository's tracked files to
 * the subpath of the module that declares each name (api/contract/src/entries/*.ts say which
 * module is in which subpath). The contract's root barrel is gone (issue 28); run this after
 * merging a branch that still imports the bare package, then `pnpm format`. A namespace import
 * (`import * as contract from '@jobboard/contract'`) is listed for a hand edit.
 *
 *   tsx tools/migrate/contract-subpaths.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ENTRIES = path.join(ROOT, 'api', 'contract', 'src', 'entries');

/** Each contract module's subpath: `job` -> `jobs`. */
const subpathOfModule = new Map<string, string>();
for (const file of readdirSync(ENTRIES)) {
  const subpath = file.replace(/\.ts$/, '');
  for (const match of readFileSync(path.join(ENTRIES, file), 'utf8').matchAll(
    /from '\.\.\/([\w-]+)'/g,
  )) {
    subpathOfModule.set(match[1]!, subpath);
  }
}

/** Each exported name's subpath, from the modules themselves. */
const modules = [...subpathOfModule.keys()].map((name) =>
  path.join(ROOT, 'api', 'contract', 'src', `${name}.ts`),
);
const program = ts.createProgram(modules, { strict: true, noEmit: true });
const checker = program.getTypeChecker();
const subpathOfName = new Map<string, string>();
for (const file of modules) {
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(file)!);
  for (const exported of symbol ? checker.getExportsOfModule(symbol) : []) {
    subpathOfName.set(exported.name, subpathOfModule.get(path.basename(file, '.ts'))!);
  }
}
subpathOfName.set('ENDPOINTS', 'endpoints');

const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js', '*.mjs'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
let changed = 0;
for (const relative of files) {
  const file = path.join(ROOT, relative);
  const text = readFileSync(file, 'utf8');
  if (!text.includes("'@jobboard/contract'")) continue;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits: [number, number, string][] = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || specifier.text !== '@jobboard/contract') {
      continue;
    }
    const bindings = isImport ? statement.importClause?.namedBindings : statement.exportClause;
    const named =
      bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)) ? bindings : null;
    if (!named || (isImport && statement.importClause?.name)) {
      console.log(`by hand: ${relative}: ${statement.getText()}`);
      continue;
    }
    const typeOnly = isImport ? statement.importClause!.isTypeOnly : statement.isTypeOnly;
    const groups = new Map<string, string[]>();
    for (const element of named.elements) {
      const name = (element.propertyName ?? element.name).text;
      const subpath = subpathOfName.get(name);
      if (!subpath) throw new Error(`${relative}: '${name}' is not exported by the contract`);
      groups.set(subpath, [...(groups.get(subpath) ?? []), element.getText()]);
    }
    const keyword = isImport ? 'import' : 'export';
    const replacement = [...groups]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([subpath, names]) =>
          `${keyword} ${typeOnly ? 'type ' : ''}{ ${names.join(', ')} } from '@jobboard/contract/${subpath}';`,
      )
      .join('\n');
    edits.push([statement.getStart(), statement.getEnd(), replacement]);
  }
  if (!edits.length) continue;
  let result = text;
  for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0])) {
    result = result.slice(0, start) + replacement + result.slice(end);
  }
  writeFileSync(file, result);
  changed += 1;
  console.log(`moved: ${relative}`);
}
console.log(`${changed} file(s) moved to the contract's subpaths`);
