import { defineConfig } from 'vitest/config';

// Own config, so vitest does not pick up the API's (which starts databases).
export default defineConfig({
  test: { include: ['src/**/*.test.ts'] },
});
