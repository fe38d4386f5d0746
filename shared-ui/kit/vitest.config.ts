import { createVitestConfig } from './build/vitest-config.js';

export default createVitestConfig({ include: ['build/**/*.test.ts'] });
