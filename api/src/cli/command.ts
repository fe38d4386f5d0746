import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config';

/**
 * A command-line tool that takes file paths (`--to <file>`), reads the server's configuration,
 * does its work and prints one line, or the error alone and exit code 1.
 *
 * Paths are taken from the folder the command was typed in: `pnpm --filter @jobboard/api ...`
 * runs the tool in api/ but says where it was called from in INIT_CWD.
 */
export function runCommand<Name extends string>(
  files: Record<Name, string>,
  work: (paths: Record<Name, string>, config: Config) => Promise<string>,
): void {
  const main = async () => {
    const names = Object.keys(files) as Name[];
    const { values } = parseArgs({
      // `pnpm run x -- --flag` passes the `--` on: drop it.
      args: process.argv.slice(2).filter((arg) => arg !== '--'),
      options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
    });
    const base = process.env.INIT_CWD ?? process.cwd();
    const paths = {} as Record<Name, string>;
    for (const name of names) {
      const value = values[name];
      if (typeof value !== 'string' || !value)
        throw new Error(`Give --${name} <file>: ${files[name]}.`);
      paths[name] = path.resolve(base, value);
    }
    console.log(await work(paths, loadConfig()));
  };
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
