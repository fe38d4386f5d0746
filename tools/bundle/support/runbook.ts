import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The steps of docs/deploy/README.md that are not `jobboard` commands, done as the runbook writes
 * them (sha256sum, tar, ln), for the bundle's system tests: the download checked, each release
 * unpacked in `<opt>/releases/<version>/`, `<opt>/current` switched between them.
 */

/** What `pnpm bundle` names the tarball of a version on this machine. */
export const tarballName = (version: string) =>
  `jobboard-${version}-${process.platform}-${process.arch}.tar.gz`;

/** A command of the runbook, to its end; its output on failure. */
export function sh(command: string, args: string[], cwd?: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')}: ${result.status}\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/** `sha256sum -c SHA256SUMS` in the download folder: the tarball is the one the build made. */
export function checkDownload(folder: string): string {
  return sh('sha256sum', ['-c', 'SHA256SUMS'], folder);
}

/**
 * `mkdir <opt>/releases/<version> && tar -C <opt>/releases/<version> --strip-components=1 -xzf
 * <tarball>`: the release, unpacked where the runbook puts it. Returns its folder.
 */
export function unpack(tarball: string, opt: string, version: string): string {
  const release = path.join(opt, 'releases', version);
  mkdirSync(release, { recursive: true });
  sh('tar', ['-C', release, '--strip-components=1', '-xzf', tarball]);
  return release;
}

/** `ln -sfn <release> <opt>/current`: the release that serves. Returns `<opt>/current`. */
export function switchCurrent(opt: string, release: string): string {
  const current = path.join(opt, 'current');
  sh('ln', ['-sfn', release, current]);
  return current;
}

/** The version a release says it is (its package.json: the site's version). */
export const versionOf = (release: string): string =>
  JSON.parse(readFileSync(path.join(release, 'package.json'), 'utf8')).version;

/** The next patch version: `1.0.2` -> `1.0.3`. */
export function nextPatch(version: string): string {
  const [major, minor, patch] = version.split(/[.-]/).map(Number);
  return `${major}.${minor}.${(patch ?? 0) + 1}`;
}

/**
 * The next release, made from `release` without a second build (a bundle takes half a minute on
 * a loaded 2-core machine): a copy with another version in its package.json and bundle.json, and
 * one more migration in app/migrations/, which the API reads at start. So it differs from the
 * first only by its version and its schema, which is what an upgrade and a rollback exercise.
 */
export function nextRelease(
  release: string,
  opt: string,
  migration: { name: string; source: string },
): { dir: string; version: string } {
  const version = nextPatch(versionOf(release));
  const dir = path.join(opt, 'releases', version);
  cpSync(release, dir, { recursive: true, verbatimSymlinks: true });
  for (const file of ['package.json', 'bundle.json']) {
    const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    json.version = version;
    writeFileSync(path.join(dir, file), `${JSON.stringify(json, null, 2)}\n`);
  }
  writeFileSync(path.join(dir, 'app', 'migrations', `${migration.name}.js`), migration.source);
  return { dir, version };
}
