import type { ViteUserConfig } from 'vitest/config';

/** See vitest-config.js. */
export function createVitestConfig(options?: { include?: string[] }): ViteUserConfig;
