import { createVitestConfig } from '@jobboard/test-utils/vitest';

export default createVitestConfig();
