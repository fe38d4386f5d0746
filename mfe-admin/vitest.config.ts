import { createVitestConfig } from '@jobboard/shared-ui/vitest';

export default createVitestConfig();
