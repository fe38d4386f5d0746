#!/usr/bin/env node
// `jobboard-build build|dev`: Rsbuild, through its JavaScript API, with the app's
// rsbuild.config.ts (run in the app's folder, as its package scripts do). The apps list only
// @jobboard/build-config for building; Rsbuild and its plugins are this package's dependencies,
// so the `rsbuild` command itself is not on an app's PATH.
import { createRsbuild, loadConfig } from '@rsbuild/core';

const USAGE = 'Usage: jobboard-build build|dev  (in the app folder, beside its rsbuild.config.ts)';
const [command, ...rest] = process.argv.slice(2);
if ((command !== 'build' && command !== 'dev') || rest.length) {
  console.error(USAGE);
  process.exit(2);
}

process.env.NODE_ENV ??= command === 'dev' ? 'development' : 'production';
const cwd = process.cwd();
try {
  const config = await loadConfig({ cwd, command, envMode: process.env.NODE_ENV });
  const rsbuild = await createRsbuild({ cwd, config, loadEnv: true });
  if (command === 'build') {
    const result = await rsbuild.build();
    await result.close();
  } else {
    await rsbuild.startDevServer();
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
