import { defineConfig } from 'vitest/config';

// The build and release code runs in Node: no jsdom, no component setup. A real release build
// takes a while on a busy 2-core machine (the limit is for a hang only).
export default defineConfig({
  test: { environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
