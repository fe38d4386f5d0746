import { defineConfig } from 'vitest/config';

// ESLint with the whole workspace's configuration takes a while to start (type-aware rules).
export default defineConfig({ test: { testTimeout: 60_000 } });
